import { VERSION } from './version';

/** One module's status as GeoServer's `ModuleStatus` reports it. */
export interface ModuleStatus {
  module: string;
  name: string;
  component: string;
  version: string;
  message?: string;
  isEnabled: boolean;
  isAvailable: boolean;
}

/** Runs one statement on the catalog database. */
interface Queryable {
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

/**
 * The modules of this server: the catalog and its REST API, the WMS, the OGC APIs, and the
 * catalog database (available when it answers; its message says why not).
 */
export async function moduleStatuses(db: Queryable): Promise<ModuleStatus[]> {
  const own = (module: string, name: string): ModuleStatus => ({ module, name, component: name, version: VERSION.version, isEnabled: true, isAvailable: true });
  let database: ModuleStatus;
  try {
    const [row] = await db.query<{ version: string }>(`SELECT current_setting('server_version') AS version`);
    database = { module: 'catalog-database', name: 'Catalog database', component: 'PostgreSQL', version: row.version, isEnabled: true, isAvailable: true };
  } catch {
    database = {
      module: 'catalog-database',
      name: 'Catalog database',
      component: 'PostgreSQL',
      version: 'unknown',
      message: 'The catalog database does not answer',
      isEnabled: true,
      isAvailable: false,
    };
  }
  return [
    own('gs-main', 'geocatalog catalog'),
    own('gs-restconfig', 'GeoServer REST configuration API'),
    own('gs-wms', 'Web Map Service 1.1.1 and 1.3.0'),
    own('ogc-features', 'OGC API - Features'),
    own('ogc-tiles', 'OGC API - Tiles (vector tiles)'),
    database,
  ];
}
