import type { EntityManager } from 'typeorm';
import { In } from 'typeorm';
import { DataStoreEntity } from '../catalog/datastores/datastore.entity';
import { FeatureTypeEntity } from '../catalog/featuretypes/featuretype.entity';
import { LayerEntity, LayerStyleEntity } from '../catalog/layers/layer.entity';
import { StyleEntity } from '../catalog/styles/style.entity';
import { WorkspaceEntity } from '../catalog/workspaces/workspace.entity';
import { readSnapshotGroups, type SnapshotGroup } from './snapshot-groups';

/** A layer with its styles resolved. */
export interface SnapshotLayer {
  layer: LayerEntity;
  featureType: FeatureTypeEntity;
  defaultStyle?: StyleEntity;
  styles: StyleEntity[];
}

/**
 * The records of the catalog a data directory is compared with or written from: every
 * workspace, the global styles, and everything inside the chosen workspaces. Keys: `ws` for
 * workspaces, `ws:store` for stores, `ws:name` for feature types and layers (a feature type's name
 * is unique in its workspace), `ws:style` or `:style` (global) for styles.
 */
export interface CatalogSnapshot {
  workspaces: Map<string, WorkspaceEntity>;
  /** Workspace names by id. */
  workspaceNames: Map<number, string>;
  defaultWorkspace?: string;
  stores: Map<string, DataStoreEntity>;
  featureTypes: Map<string, FeatureTypeEntity>;
  layers: Map<string, SnapshotLayer>;
  /** Styles with their content. */
  styles: Map<string, StyleEntity>;
  /** The global groups and those of the chosen workspaces, by `ws:name` or `:name`. */
  groups: Map<string, SnapshotGroup>;
}

/** The key of a style: `ws:name`, or `:name` for a global one. */
export function styleKey(workspace: string | undefined | null, name: string): string {
  return `${workspace ?? ''}:${name}`;
}

/** Reads the snapshot; `workspaces` lists the workspaces whose contents are read (`all` for every one). */
export async function readSnapshot(manager: EntityManager, workspaces: string[] | 'all'): Promise<CatalogSnapshot> {
  const allWorkspaces = await manager.getRepository(WorkspaceEntity).find({ order: { name: 'ASC' } });
  const byId = new Map(allWorkspaces.map((w) => [w.id, w]));
  const chosen = allWorkspaces.filter((w) => workspaces === 'all' || workspaces.includes(w.name));
  const chosenIds = chosen.map((w) => w.id);
  const snapshot: CatalogSnapshot = {
    workspaces: new Map(allWorkspaces.map((w) => [w.name, w])),
    workspaceNames: new Map(allWorkspaces.map((w) => [w.id, w.name])),
    // The one marked default, else the oldest (see DEFAULT_WORKSPACE_ID_SQL).
    defaultWorkspace: (allWorkspaces.find((w) => w.isDefault) ?? [...allWorkspaces].sort((a, b) => a.id - b.id)[0])?.name,
    stores: new Map(),
    featureTypes: new Map(),
    layers: new Map(),
    styles: new Map(),
    groups: await readSnapshotGroups(manager, workspaces === 'all' ? 'all' : chosenIds, new Map(allWorkspaces.map((w) => [w.id, w.name]))),
  };
  // Every query is filtered by workspace (no list of record ids: a catalog of 100,000 layers would
  // pass PostgreSQL's 65,535 parameters), and all of it when every workspace is chosen.
  const all = workspaces === 'all';
  const inChosen = (column: string) => (all ? 'true' : chosenIds.length ? `${column} IN (:...ids)` : 'false');
  const ids = { ids: chosenIds };
  const styleRows = await manager
    .getRepository(StyleEntity)
    .createQueryBuilder('s')
    .addSelect('s.content')
    .where(`(s.workspace_id IS NULL OR ${inChosen('s.workspace_id')})`, ids)
    .orderBy('s.name')
    .getMany();
  const stylesById = new Map(styleRows.map((s) => [s.id, s]));
  for (const s of styleRows) snapshot.styles.set(styleKey(s.workspaceId === null ? undefined : byId.get(s.workspaceId)?.name, s.name), s);
  if (!chosenIds.length) return snapshot;

  const stores = await manager.getRepository(DataStoreEntity).createQueryBuilder('s').where(inChosen('s.workspace_id'), ids).orderBy('s.name').getMany();
  const storesById = new Map(stores.map((s) => [s.id, s]));
  for (const s of stores) {
    s.workspace = byId.get(s.workspaceId)!;
    snapshot.stores.set(`${s.workspace.name}:${s.name}`, s);
  }
  const featureTypes = await manager
    .getRepository(FeatureTypeEntity)
    .createQueryBuilder('f')
    .where(inChosen('f.workspace_id'), ids)
    .orderBy('f.name')
    .getMany();
  const typesById = new Map(featureTypes.map((f) => [f.id, f]));
  for (const f of featureTypes) {
    f.workspace = byId.get(f.workspaceId)!;
    f.dataStore = storesById.get(f.dataStoreId)!;
    snapshot.featureTypes.set(`${f.workspace.name}:${f.name}`, f);
  }
  const layers = await manager
    .getRepository(LayerEntity)
    .createQueryBuilder('l')
    .innerJoin('feature_type', 'f', 'f.id = l.feature_type_id')
    .where(inChosen('f.workspace_id'), ids)
    .getMany();
  const alternates = await manager
    .getRepository(LayerStyleEntity)
    .createQueryBuilder('ls')
    .innerJoin('layer', 'l', 'l.id = ls.layer_id')
    .innerJoin('feature_type', 'f', 'f.id = l.feature_type_id')
    .where(inChosen('f.workspace_id'), ids)
    .orderBy('ls.position')
    .getMany();
  // Styles of other workspaces a layer may name are not read above: fetch the few that are missing.
  const missing = [...new Set([...layers.map((l) => l.defaultStyleId), ...alternates.map((a) => a.styleId)])].filter(
    (id): id is number => id !== null && !stylesById.has(id),
  );
  for (let at = 0; at < missing.length; at += 10_000) {
    for (const s of await manager.getRepository(StyleEntity).find({ where: { id: In(missing.slice(at, at + 10_000)) } })) stylesById.set(s.id, s);
  }
  const alternatesOf = new Map<number, number[]>();
  for (const a of alternates) {
    const list = alternatesOf.get(a.layerId);
    if (list) list.push(a.styleId);
    else alternatesOf.set(a.layerId, [a.styleId]);
  }
  for (const layer of layers) {
    const featureType = typesById.get(layer.featureTypeId)!;
    snapshot.layers.set(`${featureType.workspace.name}:${featureType.name}`, {
      layer,
      featureType,
      defaultStyle: layer.defaultStyleId === null ? undefined : stylesById.get(layer.defaultStyleId),
      styles: (alternatesOf.get(layer.id) ?? []).map((id) => stylesById.get(id)!),
    });
  }
  return snapshot;
}

/** The workspace name of a style of the snapshot (undefined for a global one). */
export function styleWorkspace(snapshot: CatalogSnapshot, style: StyleEntity): string | undefined {
  return style.workspaceId === null ? undefined : snapshot.workspaceNames.get(style.workspaceId);
}
