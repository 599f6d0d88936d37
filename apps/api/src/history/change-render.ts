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
import { toJson } from '../rest/json-writer';
import { LinkBuilder } from '../rest/rest-request';
import type { ChangeKind, RawRow } from './change-kinds';

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

/**
 * Draws a record's row as its JSON representation, the way a GET of it would answer at that
 * moment; the records it names (workspace, store, styles) come from `rows`, as they were then.
 * Null when a record it names cannot be found.
 */
export async function drawRecord(tx: EntityManager, kind: ChangeKind, raw: RawRow, rows: RowSource, restBase: string): Promise<unknown> {
  const links = new LinkBuilder(restBase, 'json');
  const nameOf = async (k: ChangeKind, id: unknown): Promise<string | null> => {
    if (typeof id !== 'number') return null;
    const row = await rows(k, id);
    return row ? String(row.name) : null;
  };
  switch (kind) {
    case 'workspace': {
      const ws = hydrate(tx, WorkspaceEntity, raw);
      return json(workspaceDocument(ws, links));
    }
    case 'namespace': {
      const ws = hydrate(tx, WorkspaceEntity, raw);
      return json(namespaceDocument(ws));
    }
    case 'dataStore': {
      const ds = hydrate(tx, DataStoreEntity, raw);
      const ws = await nameOf('workspace', raw.workspace_id);
      if (ws === null) return null;
      return json(dataStoreDocument(ws, ds, links));
    }
    case 'featureType': {
      const ft = hydrate(tx, FeatureTypeEntity, raw);
      const ws = await nameOf('workspace', raw.workspace_id);
      const store = await nameOf('dataStore', raw.data_store_id);
      if (ws === null || store === null) return null;
      const ctx = { workspace: ws, store };
      return json(featureTypeDocument(ft, ctx, ft.attributes ?? [], links));
    }
    case 'layer': {
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
    case 'layerGroup': {
      const group = await drawLayerGroup(raw, rows, restBase);
      return group && json(group);
    }
    case 'style': {
      const style = hydrate(tx, StyleEntity, raw);
      const ws = typeof raw.workspace_id === 'number' ? await nameOf('workspace', raw.workspace_id) : undefined;
      if (ws === null) return null;
      return json(styleDocument(style, ws));
    }
    case 'user': {
      const view = { userName: String(raw.name), enabled: raw.enabled === true };
      const representation = json(doc('user', declaredRep(User, view))) as { user: Record<string, unknown> };
      // Role grants are changes to the user too: the history shows them beside its fields.
      representation.user.roles = (raw.roles as string[] | undefined) ?? [];
      return representation;
    }
  }
}
