import { IsBoolean } from 'class-validator';
import { Wire, WireRoot } from '../wire/declare';
import { RESERVED_WORKSPACE_NAMES } from '../names';
import { IsCatalogName } from './rules';
import { DATE_CREATED, DATE_MODIFIED } from './dates';

/** A workspace (GeoServer's `WorkspaceInfo`): a named container of stores, styles and layers. */
@WireRoot('workspace')
export class Workspace {
  @IsCatalogName('workspace', RESERVED_WORKSPACE_NAMES)
  @Wire({ kind: 'text', mergedByService: true, column: { type: 'varchar', length: 255 } })
  name!: string;

  @IsBoolean()
  @Wire({ kind: 'boolean', column: { type: 'boolean', default: false } })
  isolated!: boolean;

  @Wire(DATE_CREATED)
  dateCreated!: Date;

  @Wire(DATE_MODIFIED)
  dateModified!: Date | null;

  // Written after the dates: the four store-collection links GeoServer appends.
  @Wire({ kind: 'given' }) dataStores?: unknown;
  @Wire({ kind: 'given' }) coverageStores?: unknown;
  @Wire({ kind: 'given' }) wmsStores?: unknown;
  @Wire({ kind: 'given' }) wmtsStores?: unknown;
}
