import { type RepDocument, User, declaredRep, doc } from '@geocatalog/catalog-model';
import type { EntityManager, ObjectLiteral, EntityTarget } from 'typeorm';
import { DataStoreEntity } from '../catalog/datastores/datastore.entity';
import { dataStoreDocument } from '../catalog/datastores/datastore.mapper';
import { FeatureTypeEntity } from '../catalog/featuretypes/featuretype.entity';
import { featureTypeDocument } from '../catalog/featuretypes/featuretype.mapper';
import { drawLayerGroup } from '../catalog/layergroups/layergroup.history';
import { LayerEntity } from '../catalog/layers/layer.entity';
import { layerDocument } from '../catalog/layers/layer.mapper';
import { StyleEntity } from '../catalog/styles/style.entity';
import { styleDocument } from '../catalog/styles/style.mapper';
import { WorkspaceEntity } from '../catalog/workspaces/workspace.entity';
import { namespaceDocument, workspaceDocument } from '../catalog/workspaces/workspace.mapper';
import { drawServiceSettings, drawSettings } from '../settings/settings.history';
import { toJson } from '../rest/json-writer';
import { LinkBuilder } from '../rest/rest-request';
import type { ChangeKind, RawRow } from './change-kinds';
import { drawRule } from '../access/rule.history';

/** Finds the row of a related record as it was at the moment being drawn (null when absent). */
export type RowSource = (kind: ChangeKind, id: number) => Promise<RawRow | null>;

/** Turns a history row into the entity its mapper draws (dates as dates; other columns as JSON gives them). */
function hydrate<T extends ObjectLiteral>(tx: EntityManager, target: EntityTarget<T>, raw: RawRow): T {
  const metadata = tx.connection.getMetadata(target);
  const entity = metadata.create() as T;
  for (const column of metadata.columns) {
    const value = raw[column.databaseName];
    if (value === undefined) continue;
    const dated = column.type === 'timestamptz' && typeof value === 'string' ? new Date(value) : value;
    column.setEntityValue(entity, dated);
  }
  return entity;
}

function json(document: RepDocument): unknown {
  return JSON.parse(toJson(document));
}

/** What a drawer is given: the row, how to find related rows as they were then, and the links. */
interface Drawing {
  tx: EntityManager;
  raw: RawRow;
  rows: RowSource;
  links: LinkBuilder;
  restBase: string;
  /** The name of a related record as it was then (null when it cannot be found). */
  nameOf: (kind: ChangeKind, id: unknown) => Promise<string | null>;
}

/** Draws one kind's row; null when a record it names cannot be found. */
type Drawer = (d: Drawing) => Promise<unknown>;

async function drawLayer({ tx, raw, rows, links, nameOf }: Drawing): Promise<unknown> {
  const layer = hydrate(tx, LayerEntity, raw);
  const ftRow = await rows('featureType', layer.featureTypeId);
  if (!ftRow) return null;
  const featureType = hydrate(tx, FeatureTypeEntity, ftRow);
  const ws = await nameOf('workspace', ftRow.workspace_id);
  const store = await nameOf('dataStore', ftRow.data_store_id);
  if (ws === null || store === null) return null;
  const styleOf = async (id: number): Promise<StyleEntity | null> => {
    const row = await rows('style', id);
    if (!row) return null;
    const style = hydrate(tx, StyleEntity, row);
    const styleWs = typeof row.workspace_id === 'number' ? await nameOf('workspace', row.workspace_id) : null;
    if (styleWs !== null) style.workspace = Object.assign(new WorkspaceEntity(), { name: styleWs });
    return style;
  };
  layer.defaultStyle = layer.defaultStyleId === null ? null : await styleOf(layer.defaultStyleId);
  const styles: StyleEntity[] = [];
  for (const id of (raw.style_ids as number[] | undefined) ?? []) {
    const style = await styleOf(id);
    if (style) styles.push(style);
  }
  const located = { layer, featureType, workspace: ws, store, styles };
  return json(layerDocument(located, links));
}

/** How each kind's row is drawn: a kind the history records and cannot draw does not compile. */
const DRAWERS: Record<ChangeKind, Drawer> = {
  workspace: async ({ tx, raw, links }) => json(workspaceDocument(hydrate(tx, WorkspaceEntity, raw), links)),
  namespace: async ({ tx, raw }) => json(namespaceDocument(hydrate(tx, WorkspaceEntity, raw))),
  dataStore: async ({ tx, raw, links, nameOf }) => {
    const ws = await nameOf('workspace', raw.workspace_id);
    return ws === null ? null : json(dataStoreDocument(ws, hydrate(tx, DataStoreEntity, raw), links));
  },
  featureType: async ({ tx, raw, links, nameOf }) => {
    const ft = hydrate(tx, FeatureTypeEntity, raw);
    const ws = await nameOf('workspace', raw.workspace_id);
    const store = await nameOf('dataStore', raw.data_store_id);
    if (ws === null || store === null) return null;
    return json(featureTypeDocument(ft, { workspace: ws, store }, ft.attributes ?? [], links));
  },
  layer: drawLayer,
  layerGroup: async ({ raw, rows, restBase }) => {
    const group = await drawLayerGroup(raw, rows, restBase);
    return group && json(group);
  },
  style: async ({ tx, raw, nameOf }) => {
    const ws = typeof raw.workspace_id === 'number' ? await nameOf('workspace', raw.workspace_id) : undefined;
    return ws === null ? null : json(styleDocument(hydrate(tx, StyleEntity, raw), ws));
  },
  user: async ({ raw }) => {
    const view = { userName: String(raw.name), enabled: raw.enabled === true };
    const representation = json(doc('user', declaredRep(User, view))) as { user: Record<string, unknown> };
    // Role grants are changes to the user too: the history shows them beside its fields.
    representation.user.roles = (raw.roles as string[] | undefined) ?? [];
    return representation;
  },
  settings: async ({ tx, raw, nameOf }) => {
    const drawn = await drawSettings(tx, raw, (id) => nameOf('workspace', id));
    return drawn && json(drawn);
  },
  serviceSettings: async ({ tx, raw, nameOf }) => {
    const drawn = await drawServiceSettings(tx, raw, (id) => nameOf('workspace', id));
    return drawn && json(drawn);
  },
  rule: async ({ raw }) => drawRule(raw),
  serviceRule: async ({ raw }) => drawRule(raw),
};

/**
 * Draws a record's row as its JSON representation, the way a GET of it would answer at that
 * moment; the records it names (workspace, store, styles) come from `rows`, as they were then.
 * Null when a record it names cannot be found.
 */
export async function drawRecord(tx: EntityManager, kind: ChangeKind, raw: RawRow, rows: RowSource, restBase: string): Promise<unknown> {
  const nameOf = async (k: ChangeKind, id: unknown): Promise<string | null> => {
    if (typeof id !== 'number') return null;
    const row = await rows(k, id);
    return row ? String(row.name) : null;
  };
  return DRAWERS[kind]({ tx, raw, rows, links: new LinkBuilder(restBase, 'json'), restBase, nameOf });
}
