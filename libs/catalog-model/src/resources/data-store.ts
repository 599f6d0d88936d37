import { IsBoolean, IsObject, IsOptional, IsString } from 'class-validator';
import { Wire, WireRoot } from '../wire/declare';
import { child, textOf } from '../wire/node';
import { IsCatalogName } from './rules';
import { DATE_CREATED, DATE_MODIFIED } from './dates';

/**
 * A data store (GeoServer's `DataStoreInfo`), fields in GeoServer's order with the dates spliced
 * in where `StoreInfoImpl` declares them. The mapper writes `workspace`, the parameters (in Java
 * `HashMap` order, passwords encrypted) and the `featureTypes` link.
 */
@WireRoot('dataStore')
export class DataStore {
  @IsCatalogName('data store')
  @Wire({ kind: 'text', emptyIsAbsent: true, mergedByService: true, column: { type: 'varchar', length: 255 }, description: 'or `?name=` on POST' })
  name!: string;

  @IsString()
  @Wire({ kind: 'text', keepSpace: true, column: { type: 'text', nullable: true } })
  description!: string | null;

  @IsString()
  @Wire({
    kind: 'text',
    emptyIsAbsent: true,
    mergedByService: true,
    column: { type: 'varchar', length: 255, nullable: true },
    description: '`PostGIS` for `dbtype=postgis`; on input only used to infer a missing `dbtype`',
  })
  type!: string | null;

  @IsBoolean()
  @Wire({ kind: 'boolean', column: { type: 'boolean', default: true } })
  enabled!: boolean;

  /** The workspace the body names: on POST it must be the path's, on PUT it moves the store. */
  @IsOptional()
  @IsString()
  @Wire({
    kind: 'given',
    element: 'workspace',
    mergedByService: true,
    read: (node, element) => {
      const ws = child(node, element);
      return ws ? ws.text?.trim() || textOf(ws, 'name')?.trim() : undefined;
    },
  })
  workspaceName?: string;

  /** Parameter name → value, in the order sent; `passwd` is stored encrypted. */
  @IsObject()
  @Wire({ kind: 'entries', mergedByService: true, column: { name: 'connection_parameters', type: 'json' } })
  connectionParameters!: Record<string, string>;

  @Wire({ kind: 'boolean', element: '_default', constant: false })
  isDefault?: boolean;

  @Wire(DATE_CREATED)
  dateCreated!: Date;

  @Wire(DATE_MODIFIED)
  dateModified!: Date | null;

  @IsBoolean()
  @Wire({ kind: 'boolean', column: { name: 'disable_on_conn_failure', type: 'boolean', default: false } })
  disableOnConnFailure!: boolean;

  @Wire({ kind: 'given' })
  featureTypes?: unknown;
}
