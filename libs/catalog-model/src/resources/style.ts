import { IsIn, IsString, Matches } from 'class-validator';
import { Wire, WireRoot } from '../wire/declare';
import { child, textOf } from '../wire/node';
import { obj } from '../wire/representation';
import { IsCatalogName } from './rules';
import { DATE_CREATED, DATE_MODIFIED } from './dates';

/** Style languages whose content the catalog stores. */
export const STYLE_FORMATS = ['sld'] as const;
/** Versions of SLD the catalog validates: SLD 1.0.0 and SLD/SE 1.1.0. */
export const SLD_VERSIONS = ['1.0.0', '1.1.0'] as const;

/** A style record (GeoServer's `StyleInfo`); its SLD content travels separately. */
@WireRoot('style')
export class Style {
  @IsCatalogName('style')
  @Wire({ kind: 'text', mergedByService: true, column: { type: 'varchar', length: 255 } })
  name!: string;

  /** Written by the mapper (`<workspace><name>ws</name></workspace>`, no link). */
  @Wire({ kind: 'given', element: 'workspace' })
  workspaceRef?: unknown;

  @IsIn(STYLE_FORMATS, { message: (a) => `Unsupported style format '${String(a.value)}'; supported: ${STYLE_FORMATS.join(', ')}` })
  @Wire({ kind: 'text', letterCase: 'lower', emptyIsAbsent: true, column: { type: 'varchar', length: 32, default: 'sld' } })
  format!: string;

  @IsIn(SLD_VERSIONS, { message: (a) => `Unsupported SLD version '${String(a.value)}'; supported: ${SLD_VERSIONS.join(', ')}` })
  @Wire({
    kind: 'text',
    // `<languageVersion><version>1.0.0</version></languageVersion>`, or the bare version.
    read: (node, element) => {
      const lv = child(node, element);
      return lv ? lv.text?.trim() || textOf(lv, 'version')?.trim() : undefined;
    },
    write: (version) => obj([['version', version as string]]),
    column: { name: 'language_version', type: 'varchar', length: 16, default: '1.0.0' },
  })
  languageVersion!: string;

  @IsString()
  @Matches(/^(?!.*\.\.)[^/\\\0]{1,255}$/, { message: (a) => `Invalid style filename '${String(a.value)}': it must be a plain file name` })
  @Wire({ kind: 'text', aliases: ['fileName'], emptyIsAbsent: true, column: { type: 'varchar', length: 512 }, description: 'defaults to `name.sld`' })
  filename!: string;

  @Wire(DATE_CREATED)
  dateCreated!: Date;

  @Wire(DATE_MODIFIED)
  dateModified!: Date | null;
}
