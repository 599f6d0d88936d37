// Every single-record read of a repository returns every column its entity declares: the column
// lists come from the declarations (RowShape), so a new column is read everywhere or this fails.
// Runs against a throwaway database on TEST_DATABASE_URL's server (default the local one).
import { columnName, DataStore, FeatureType, Style, wireFields, withDefaults, Workspace, type DeclarationClass } from '@geocatalog/catalog-model';
import { Client } from 'pg';
import { DataSource, type ObjectLiteral } from 'typeorm';
import { CatalogDb } from '../database/catalog-db';
import { ENTITIES } from '../database/entities';
import { MIGRATIONS } from '../database/migrations';
import { DataStoreEntity } from './datastores/datastore.entity';
import { DataStoreRepository } from './datastores/datastore.repository';
import { FeatureTypeEntity } from './featuretypes/featuretype.entity';
import { FeatureTypeRepository } from './featuretypes/featuretype.repository';
import { StyleEntity } from './styles/style.entity';
import { StyleRepository } from './styles/style.repository';
import { WorkspaceEntity } from './workspaces/workspace.entity';
import { WorkspaceRepository } from './workspaces/workspace.repository';

const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const dbName = `geocatalog_repos_${process.pid}`;
const dbUrl = Object.assign(new URL(serverUrl.href), { pathname: `/${dbName}` }).href;

async function admin(sql: string): Promise<void> {
  const c = new Client({ connectionString: serverUrl.href });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

let ds: DataSource;
let workspaces: WorkspaceRepository;
let stores: DataStoreRepository;
let styles: StyleRepository;
let featureTypes: FeatureTypeRepository;

beforeAll(async () => {
  await admin(`CREATE DATABASE ${dbName}`);
  ds = new DataSource({ type: 'postgres', url: dbUrl, entities: ENTITIES, migrations: MIGRATIONS, extra: { max: 2 } });
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  const db = new CatalogDb(ds);
  workspaces = new WorkspaceRepository(db);
  stores = new DataStoreRepository(db, workspaces);
  styles = new StyleRepository(db, workspaces);
  featureTypes = new FeatureTypeRepository(db, stores, workspaces);
}, 60_000);

afterAll(async () => {
  await ds?.destroy();
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

/** The properties of every selectable column of the entity, and of every column its declaration names. */
function declaredProperties(target: new () => ObjectLiteral, declaration: DeclarationClass): string[] {
  const props = ds
    .getMetadata(target)
    .columns.filter((c) => c.isSelect && !c.isVirtual)
    .map((c) => c.propertyName);
  const declared = wireFields(declaration).filter((f) => f.column && columnName(f) !== 'content');
  return [...new Set([...props, ...declared.map((f) => f.property)])];
}

function missing(record: ObjectLiteral, properties: string[]): string[] {
  return properties.filter((p) => record[p] === undefined);
}

describe('a single-record read returns every declared column', () => {
  it('of a workspace, a data store (with its workspace), a style and a feature type (with its store and workspace)', async () => {
    const ws = await workspaces.save(undefined, workspaces.create({ name: 'cols', namespaceUri: 'http://cols', isolated: false }));
    const store = await stores.save(
      undefined,
      stores.create({
        workspaceId: ws.id,
        name: 'db',
        type: 'PostGIS',
        enabled: true,
        connectionParameters: { dbtype: 'postgis' },
        disableOnConnFailure: false,
      }),
    );
    await styles.save(undefined, styles.create({ ...withDefaults(Style, {}), name: 'look', filename: 'look.sld', workspaceId: ws.id }));
    await featureTypes.save(
      undefined,
      Object.assign(new FeatureTypeEntity(), withDefaults(FeatureType, {}), {
        name: 'roads',
        nativeName: 'roads',
        srs: 'EPSG:4326',
        attributes: [],
        dataStoreId: store.id,
        workspaceId: ws.id,
      }),
    );

    const readWs = await workspaces.find('cols');
    expect(missing(readWs!, declaredProperties(WorkspaceEntity, Workspace))).toEqual([]);

    const readStore = await stores.find('cols', 'db');
    expect(missing(readStore!, declaredProperties(DataStoreEntity, DataStore))).toEqual([]);
    expect(missing(readStore!.workspace, declaredProperties(WorkspaceEntity, Workspace))).toEqual([]);

    const readStyle = await styles.find('cols', 'look');
    expect(missing(readStyle!, declaredProperties(StyleEntity, Style))).toEqual([]);

    const readFt = await featureTypes.find('roads', { storeId: store.id });
    expect(missing(readFt!, declaredProperties(FeatureTypeEntity, FeatureType))).toEqual([]);
    expect(missing(readFt!.dataStore, declaredProperties(DataStoreEntity, DataStore))).toEqual([]);
  }, 30_000);
});
