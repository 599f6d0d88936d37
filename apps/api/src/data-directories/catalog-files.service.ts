import { Injectable } from '@nestjs/common';
import { CatalogDb } from '../database/catalog-db';
import { CatalogError, isPasswordKey } from '@geocatalog/catalog-model';
import { DataStoreService } from '../catalog/datastores/datastore.service';
import { StorePasswords } from '../catalog/datastores/store-passwords';
import { FeatureTypeService } from '../catalog/featuretypes/featuretype.service';
import { LayerGroupService } from '../catalog/layergroups/layergroup.service';
import { PublicBase } from '../settings/public-base';
import { SettingsService } from '../settings/settings.service';
import { settingsForDirectory } from './snapshot-settings';
import { rulesForDirectory } from './snapshot-rules';
import { RuleService } from '../access/rule.service';
import { AccessService } from '../access/access.service';
import { LayerService } from '../catalog/layers/layer.service';
import { StyleService } from '../catalog/styles/style.service';
import { WorkspaceService } from '../catalog/workspaces/workspace.service';
import { PostgisConnector } from '../datastores/postgis/postgis.connector';
import { STATUS_OF } from '../rest/error-response';
import { CatalogSnapshot, readSnapshot } from './catalog-snapshot';
import { openCrypt1 } from '@geocatalog/geoserver-crypt';
import type { DataDirectory, DirFiles } from './data-directory';
import { directoryFromCatalog } from './directory-from-catalog';
import type { ImportBody, ImportSecrets } from './import-body';
import { ImportPlanner, PlanStep } from './import-planner';
import type { ImportAnswer } from '@geocatalog/catalog-exchange';
import { catalogId } from './catalog-id';
import { filesBelow, findDataDirectoryRoot } from './data-directory-root';
import { readDataDirectory, type ForeignKind } from './read-data-directory';
import { restPath } from './data-directory-layout';
import { writeDataDirectory } from './write-data-directory';
import { zipFiles } from './zip-files';

/** An import's answer and its status: 200, or the status of what made it fail with the plan saying where. */
export interface ImportResult {
  status: number;
  answer: ImportAnswer;
}

/**
 * The catalog as GeoServer data directory files (contract §8): import (plan, then apply the
 * whole plan in one transaction through the catalog's own services) and export.
 */
@Injectable()
export class CatalogFilesService {
  constructor(
    private readonly db: CatalogDb,
    private readonly workspaces: WorkspaceService,
    private readonly stores: DataStoreService,
    private readonly featureTypes: FeatureTypeService,
    private readonly layers: LayerService,
    private readonly styles: StyleService,
    private readonly layerGroups: LayerGroupService,
    private readonly settings: SettingsService,
    private readonly publicBase: PublicBase,
    private readonly rules: RuleService,
    private readonly access: AccessService,
    private readonly passwords: StorePasswords,
    private readonly connector: PostgisConnector,
  ) {}

  /** Plans the import of a directory and, unless `dryRun` (the request's dry run rolls it back), applies it. */
  async import(body: ImportBody, options: { prune: boolean; dryRun: boolean }): Promise<ImportResult> {
    const found = findDataDirectoryRoot(body.files.keys());
    if ('problem' in found) throw new CatalogError('INVALID_VALUE', `The zip is not a GeoServer data directory: ${found.problem}`);
    const files = filesBelow(body.files, found.root);
    const now = await readSnapshot(this.db.manager, namedWorkspaces(files));
    const known = knownIds(now);
    const dir = readDataDirectory(files, { foreignId: (kind, id) => known.get(`${kind} ${id}`) });
    // The key store is opened (off the event loop) only when a crypt1: value without a secret needs it.
    const crypt1 = needsCrypt1(dir, body.secrets) ? await openCrypt1(files) : { unavailable: 'no crypt1: value needs it' };
    const planner = new ImportPlanner(
      dir,
      now,
      {
        workspaces: this.workspaces,
        stores: this.stores,
        featureTypes: this.featureTypes,
        layers: this.layers,
        styles: this.styles,
        layerGroups: this.layerGroups,
        settings: this.settings,
        rules: this.rules,
        connector: this.connector,
      },
      {
        crypt1,
        secrets: body.secrets,
        ownValue: (value, workspace, store, params) => this.passwords.isSealedFor(value, { workspace, store, params }),
      },
      options.prune,
    );
    const steps = await planner.plan();
    const answer = (applied: boolean): ImportAnswer => ({ plan: steps.map((s) => s.entry), applied });
    if (steps.some((s) => s.entry.action === 'error')) return { status: 400, answer: answer(false) };
    let running: PlanStep | undefined;
    try {
      await this.db.oneTransaction({}, async () => {
        for (const step of steps) {
          if (!step.apply) continue;
          running = step;
          await step.apply();
        }
      });
    } catch (err) {
      const status = err instanceof CatalogError ? STATUS_OF[err.code] : 500;
      if (!running || status >= 500) throw err;
      running.entry.action = 'error';
      running.entry.reason = (err as Error).message;
      return { status, answer: answer(false) };
    }
    if (!options.dryRun) await this.connector.releaseAll(planner.deletedStores);
    // The server's settings changed: every worker writes links with the new proxyBaseUrl.
    if (!options.dryRun && steps.some((s) => s.apply && s.entry.kind === 'settings')) await this.publicBase.changed();
    // Rules changed: no worker may decide with the old ones.
    if (!options.dryRun && steps.some((s) => s.apply && (s.entry.kind === 'rule' || s.entry.kind === 'serviceRule'))) await this.access.changed();
    return { status: 200, answer: answer(!options.dryRun) };
  }

  /** The catalog, or one workspace of it with the global styles its layers use, as a zipped data directory. */
  async export(workspace?: string): Promise<Uint8Array> {
    if (workspace !== undefined) await this.workspaces.get(workspace);
    const now = await readSnapshot(this.db.manager, workspace === undefined ? 'all' : [workspace]);
    const names = workspace === undefined ? [...now.workspaces.keys()] : [workspace];
    const whole = workspace === undefined;
    const dir = directoryFromCatalog(now, names, { onlyUsedGlobalStyles: !whole, withDefault: whole, withGlobalGroups: whole });
    Object.assign(dir, await settingsForDirectory(this.db.manager, names, whole));
    // The rules are the whole catalog's: only a whole export carries them.
    if (whole) Object.assign(dir, await rulesForDirectory(this.db.manager));
    return zipFiles(writeDataDirectory(dir));
  }
}

/** Whether a store of the directory has a `crypt1:` password that no secret replaces. */
function needsCrypt1(dir: DataDirectory, secrets: ImportSecrets): boolean {
  return dir.dataStores.some(
    (s) =>
      !secrets.has(`${s.workspace}:${s.input.name}`) &&
      Object.entries(s.input.connectionParameters ?? {}).some(([key, value]) => isPasswordKey(key) && value.startsWith('crypt1:')),
  );
}

/** The workspaces a directory has folders for (`workspaces/{ws}/…`), read before the catalog is. */
function namedWorkspaces(files: DirFiles): string[] {
  const names = new Set<string>();
  for (const path of files.keys()) {
    const m = /^workspaces\/([^/]+)\//.exec(path);
    if (m) names.add(m[1]);
  }
  return [...names];
}

/**
 * The ids this catalog writes for its records (see `catalogId`), so a directory exported from
 * here may name records it does not hold (a workspace export naming global styles).
 */
function knownIds(now: CatalogSnapshot): Map<string, { workspace?: string; name: string }> {
  const ids = new Map<string, { workspace?: string; name: string }>();
  const add = (kind: ForeignKind, resource: string, ref: { workspace?: string; name: string }) => ids.set(`${kind} ${catalogId(kind, resource)}`, ref);
  for (const ws of now.workspaces.keys()) {
    add('workspace', restPath.workspace(ws), { name: ws });
    add('namespace', restPath.namespace(ws), { name: ws });
  }
  for (const [key, store] of now.stores)
    add('dataStore', restPath.dataStore(store.workspace.name, store.name), { workspace: key.split(':')[0], name: store.name });
  for (const ft of now.featureTypes.values()) {
    add('featureType', restPath.featureType(ft.workspace.name, ft.dataStore.name, ft.name), { workspace: ft.workspace.name, name: ft.name });
  }
  for (const key of now.layers.keys()) {
    const [ws, name] = key.split(':');
    add('layer', restPath.layer(ws, name), { workspace: ws, name });
  }
  for (const { workspace, group } of now.groups.values()) {
    add('layerGroup', restPath.layerGroup(workspace ?? undefined, group.name), { workspace: workspace ?? undefined, name: group.name });
  }
  for (const [key, style] of now.styles) {
    const ws = key.slice(0, key.indexOf(':')) || undefined;
    add('style', restPath.style(ws, style.name), { workspace: ws, name: style.name });
  }
  return ids;
}
