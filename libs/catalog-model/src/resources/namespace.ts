import { IsBoolean, IsString } from 'class-validator';
import { Wire, WireRoot } from '../wire/declare';
import { IsCatalogName } from './rules';

/** The namespace of a workspace (GeoServer's `NamespaceInfo`): prefix = workspace name, and a URI. */
@WireRoot('namespace')
export class Namespace {
  @IsCatalogName('namespace')
  @Wire({ kind: 'text', element: 'prefix', aliases: ['name'], mergedByService: true })
  name!: string;

  @IsString()
  @Wire({ kind: 'text', element: 'uri', mergedByService: true })
  namespaceUri!: string;

  @IsBoolean()
  @Wire({ kind: 'boolean' })
  isolated!: boolean;
}
