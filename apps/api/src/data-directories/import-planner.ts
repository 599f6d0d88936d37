import { CatalogError, changedDeclared, DataStore, FeatureType, isPasswordKey, Layer, sameValue, Sent, SentReference, Style } from '@geocatalog/catalog-model';
import { CqlError, parseCql } from '@geocatalog/cql';
import type { DataStoreService } from '../catalog/datastores/datastore.service';
import type { FeatureTypeService } from '../catalog/featuretypes/featuretype.service';
import type { LayerService } from '../catalog/layers/layer.service';
import { checkSld, sldTypeOf, SldUpload } from '../catalog/styles/sld-content';
import type { StyleService } from '../catalog/styles/style.service';
import type { WorkspaceService } from '../catalog/workspaces/workspace.service';
import { configuredSubset } from '../datastores/postgis/attribute-subset';
import type { PostgisConnector } from '../datastores/postgis/postgis.connector';
import type { StoreConnection } from '../datastores/postgis/postgis.types';
import { CatalogSnapshot, styleKey, styleWorkspace } from './catalog-snapshot';
import type { DataDirectory, DirDataStore, DirFeatureType, DirLayer, DirStyle } from './data-directory';
import { directoryPasswords, PasswordSources } from './directory-passwords';
import type { PlanEntry } from '@geocatalog/catalog-exchange';
import { restPath } from './data-directory-layout';
import { planLayerGroups, pruneLayerGroups, type GroupPlanContext, type LayerGroupWrites } from './plan-layer-groups';
import { planSettings } from './plan-settings';
import { planRules, pruneRules } from './plan-rules';
import type { RuleService } from '../access/rule.service';
import type { SettingsService } from '../settings/settings.service';

/** One line of the plan and, for a change, the write that makes it. */
export interface PlanStep {
  entry: PlanEntry;
  apply?: () => Promise<unknown>;
}

/** The catalog services an import writes through (the same checks as the REST API's). */
export interface ImportServices {
  workspaces: WorkspaceService;
  stores: DataStoreService;
  featureTypes: FeatureTypeService;
  layers: LayerService;
  styles: StyleService;
  layerGroups: LayerGroupWrites;
  /** Absent: the directory's settings are skipped. */
  settings?: SettingsService;
  /** Absent: the directory's rules are skipped. */
  rules?: RuleService;
  connector: PostgisConnector;
}

/** Store ids for connections opened to check tables of stores not saved yet (never a catalog id). */
let provisionalStoreId = -1;

/**
 * Works out what applying a data directory to the catalog does, record by record, in the order
 * the writes run: workspaces and namespaces, the default workspace, styles, stores, feature
 * types, layers, layer groups, then (with `prune`) deletions. Reads only; everything the writes need from a
 * data store (a new feature type's table, a changed one's CRS) is asked here, before any catalog
 * transaction (contract §6): applying the plan only writes to the catalog.
 */
export class ImportPlanner {
  private readonly steps: PlanStep[] = [];
  private readonly skipped: PlanStep[] = [];
  /** Stores of the plan that will exist after it, with their parameters as stored/sent: `ws:store`. */
  private readonly liveStores = new Map<string, Record<string, string>>();
  private readonly skippedStores = new Map<string, string>();
  /** `ws:store` of the directory's stores that point where stores may not connect. */
  private readonly refusedStores = new Set<string>();
  private readonly newFeatureTypes = new Set<string>();
  /** `ws:name` of the layers the plan skips, with why; and of those it publishes again (they leave their groups). */
  private readonly skippedLayers = new Map<string, string>();
  private readonly republishedLayers = new Set<string>();
  /** `ws:name` of the feature types the plan has an error for. */
  private readonly failedFeatureTypes = new Set<string>();
  /** Ids of the stores the applied plan deleted: their pools are closed once it committed, not while it holds the catalog. */
  readonly deletedStores: number[] = [];
  /** The directory's feature types by `ws:name` (directories of many layers are planned in one pass). */
  private readonly dirFeatureTypes: Map<string, DirFeatureType>;

  constructor(
    private readonly dir: DataDirectory,
    private readonly now: CatalogSnapshot,
    private readonly services: ImportServices,
    private readonly passwords: PasswordSources,
    private readonly prune: boolean,
  ) {
    this.dirFeatureTypes = new Map(dir.featureTypes.map((f) => [`${f.workspace}:${f.input.name}`, f]));
  }

  async plan(): Promise<PlanStep[]> {
    for (const p of this.dir.problems) {
      this.steps.push({ entry: { action: 'error', kind: p.kind, resource: p.resource, reason: `${p.file}: ${p.reason}` } });
    }
    this.planWorkspaces();
    for (const style of this.dir.styles) this.planStyle(style);
    for (const store of this.dir.dataStores) await this.planStore(store);
    for (const ft of this.dir.featureTypes) await this.planFeatureType(ft);
    for (const layer of this.dir.layers) this.planLayer(layer);
    planLayerGroups(this.groupContext());
    await this.planSettings();
    await this.planRules();
    if (this.prune) this.planPrune();
    for (const s of this.dir.skipped) this.skipped.push({ entry: { action: 'skip', kind: s.kind, resource: s.resource, reason: s.reason } });
    return [...this.steps, ...this.skipped];
  }

  private async planRules(): Promise<void> {
    const rules = this.services.rules;
    if (rules) {
      const ctx = { dir: this.dir, rules, add: (entry: PlanEntry, apply?: () => Promise<unknown>) => this.add(entry, apply) };
      await planRules(ctx);
      if (this.prune) await pruneRules(ctx);
      return;
    }
    for (const [key] of this.dir.dataRules ?? [])
      this.skipped.push({ entry: { action: 'skip', kind: 'rule', resource: `/security/acl/layers/${key}`, reason: 'Rules are not imported here' } });
  }

  private async planSettings(): Promise<void> {
    const settings = this.services.settings;
    if (!settings) {
      for (const s of this.dir.settings ?? [])
        this.skipped.push({ entry: { action: 'skip', kind: 'settings', resource: restPath.settings(s.workspace), reason: 'Settings are not imported here' } });
      return;
    }
    await planSettings({ dir: this.dir, settings, existing: (ws) => this.now.workspaces.has(ws), add: (entry, apply) => this.add(entry, apply) });
  }

  private add(entry: PlanEntry, apply?: () => Promise<unknown>): void {
    this.steps.push({ entry, apply });
  }

  private groupContext(): GroupPlanContext {
    return {
      dir: this.dir,
      now: this.now,
      writes: this.services.layerGroups,
      skippedLayers: this.skippedLayers,
      republishedLayers: this.republishedLayers,
      add: (entry, apply) => this.add(entry, apply),
      skip: (entry) => this.skipped.push({ entry }),
    };
  }

  private planWorkspaces(): void {
    const names = new Set([...this.dir.workspaces.map((w) => w.input.name), ...this.dir.namespaces.map((n) => n.input.name)]);
    for (const name of names) {
      const ws = this.dir.workspaces.find((w) => w.input.name === name)?.input;
      const ns = this.dir.namespaces.find((n) => n.input.name === name)?.input;
      const current = this.now.workspaces.get(name);
      const isolated = ws?.isolated ?? ns?.isolated;
      if (!current) {
        this.add({ action: 'create', kind: 'workspace', resource: restPath.workspace(name) }, () =>
          this.services.workspaces.create({ name, namespaceUri: ns?.namespaceUri, isolated }),
        );
        this.add({ action: 'create', kind: 'namespace', resource: restPath.namespace(name) });
        continue;
      }
      const isolation = isolated !== undefined && isolated !== current.isolated;
      this.add(
        { action: isolation ? 'update' : 'unchanged', kind: 'workspace', resource: restPath.workspace(name), reason: isolation ? 'isolated' : undefined },
        isolation ? () => this.services.workspaces.update(name, { isolated }) : undefined,
      );
      const uri = ns?.namespaceUri !== undefined && ns.namespaceUri !== current.namespaceUri;
      this.add(
        { action: uri ? 'update' : 'unchanged', kind: 'namespace', resource: restPath.namespace(name), reason: uri ? 'uri' : undefined },
        uri ? () => this.services.workspaces.update(name, { namespaceUri: ns!.namespaceUri }) : undefined,
      );
    }
    const wanted = this.dir.defaultWorkspace;
    if (wanted !== undefined) {
      const changes = wanted !== this.now.defaultWorkspace;
      this.add(
        {
          action: changes ? 'update' : 'unchanged',
          kind: 'workspace',
          resource: restPath.workspace('default'),
          reason: changes ? `the default workspace becomes ${wanted}` : undefined,
        },
        changes ? () => this.services.workspaces.setDefault(wanted) : undefined,
      );
    }
  }

  private planStyle(dirStyle: DirStyle): void {
    const { workspace } = dirStyle;
    const { name, ...fields } = dirStyle.input;
    const resource = restPath.style(workspace, name);
    let upload: SldUpload;
    try {
      upload = checkSld(Buffer.from(dirStyle.content), sldTypeOf(fields.languageVersion ?? '1.0.0'), false);
    } catch (err) {
      if (!(err instanceof CatalogError)) throw err;
      const sldFile = dirStyle.file.replace(/[^/]*$/, '') + (fields.filename ?? '');
      this.add({ action: 'error', kind: 'style', resource, reason: `${sldFile}: ${err.message}` });
      return;
    }
    const record: Sent<Style> = { ...fields, languageVersion: upload.languageVersion };
    const current = this.now.styles.get(styleKey(workspace, name));
    if (!current) {
      this.add({ action: 'create', kind: 'style', resource }, () => this.services.styles.create(workspace, { name, ...record }, upload));
      return;
    }
    const changed = changedDeclared(Style, current, record);
    const content = !current.content || !Buffer.from(dirStyle.content).equals(current.content);
    if (content) changed.push('content');
    this.add(
      { action: changed.length ? 'update' : 'unchanged', kind: 'style', resource, reason: changed.length ? changed.join(', ') : undefined },
      changed.length
        ? async () => {
            if (changed.some((c) => c !== 'content')) await this.services.styles.update(workspace, name, record);
            if (content) await this.services.styles.upload(workspace, name, upload);
          }
        : undefined,
    );
  }

  private async planStore(dirStore: DirDataStore): Promise<void> {
    const { workspace } = dirStore;
    const { name, connectionParameters, ...fields } = dirStore.input;
    const resource = restPath.dataStore(workspace, name);
    const key = `${workspace}:${name}`;
    const sent = connectionParameters ?? {};
    const outcome = directoryPasswords(workspace, name, sent, this.passwords);
    if ('skip' in outcome) {
      this.skipStore(key, { action: 'skip', kind: 'dataStore', resource, reason: outcome.skip });
      return;
    }
    const params = outcome.params;
    const input: Sent<DataStore> = { ...fields, name, connectionParameters: params };
    const current = this.now.stores.get(key);
    const plainKeys = (p: Record<string, string>) => Object.fromEntries(Object.entries(p).filter(([k]) => !isPasswordKey(k)));
    const moved = !current || !sameValue(plainKeys(current.connectionParameters), plainKeys(params));
    const refusal = moved ? await this.refusal(params) : undefined;
    if (refusal !== undefined) {
      this.refusedStores.add(key);
      this.add({ action: 'error', kind: 'dataStore', resource, reason: refusal });
      return;
    }
    this.liveStores.set(key, params);
    if (!current) {
      this.add({ action: 'create', kind: 'dataStore', resource }, () => this.services.stores.create(workspace, input));
      return;
    }
    const changed = changedDeclared(DataStore, current, { ...fields });
    const stored = current.connectionParameters;
    if (moved) changed.push('connectionParameters');
    // Only this catalog's own crypt2: value of the stored password is the same password: one sent in
    // clear is never compared with the stored one, whose answer would tell a guess right (contract §8).
    else if (Object.keys(params).some((k) => isPasswordKey(k) && params[k] !== stored[k])) changed.push('password');
    this.liveStores.set(key, changed.length ? params : stored);
    this.add(
      { action: changed.length ? 'update' : 'unchanged', kind: 'dataStore', resource, reason: changed.length ? changed.join(', ') : undefined },
      changed.length ? () => this.services.stores.update(workspace, name, input) : undefined,
    );
  }

  /** Why a store may not point where `params` do (STORE_HOSTS, link-local, the catalog's own database), or undefined. */
  private async refusal(params: Record<string, string>): Promise<string | undefined> {
    try {
      await this.services.connector.checkReach(params);
      return undefined;
    } catch (err) {
      if (err instanceof CatalogError) return err.message;
      throw err;
    }
  }

  private skipStore(key: string, entry: PlanEntry): void {
    this.skippedStores.set(key, entry.reason!);
    this.skipped.push({ entry });
  }

  private async planFeatureType(dirType: DirFeatureType): Promise<void> {
    const { workspace, store } = dirType;
    const { name, ...fields } = dirType.input;
    const resource = restPath.featureType(workspace, store, name);
    const storeKey = `${workspace}:${store}`;
    const storeSkipped = this.skippedStores.get(storeKey);
    if (storeSkipped !== undefined) {
      this.skipped.push({ entry: { action: 'skip', kind: 'featureType', resource, reason: `its data store ${storeKey} is skipped` } });
      return;
    }
    const fail = (reason: string) => {
      this.failedFeatureTypes.add(`${workspace}:${name}`);
      this.add({ action: 'error', kind: 'featureType', resource, reason: `${dirType.file}: ${reason}` });
    };
    if (this.refusedStores.has(storeKey)) {
      fail(`its data store ${storeKey} is refused`);
      return;
    }
    const params = this.liveStores.get(storeKey) ?? this.now.stores.get(storeKey)?.connectionParameters;
    if (!params) {
      fail(`no data store ${storeKey} in the directory or the catalog`);
      return;
    }
    const input: Sent<FeatureType> = { ...fields, name, store, namespace: workspace };
    const current = this.now.featureTypes.get(`${workspace}:${name}`);
    if (current && current.dataStore.name !== store) {
      fail(`${workspace}:${name} is published from data store ${current.dataStore.name} in the catalog; delete it there first`);
      return;
    }
    const nativeName = fields.nativeName ?? name;
    const { featureTypes } = this.services;
    if (!current || current.nativeName !== nativeName) {
      // Described now, before any catalog transaction: applying the plan only writes.
      const drafted = await this.askStore(workspace, store, params, (conn) => featureTypes.draft(conn, input));
      if ('problem' in drafted) {
        fail(drafted.problem);
        return;
      }
      const at = { workspace, store, describedWith: drafted.own ? params : undefined };
      this.newFeatureTypes.add(`${workspace}:${name}`);
      if (!current) {
        this.add({ action: 'create', kind: 'featureType', resource, reason: servesNothing(fields.cqlFilter) }, () => featureTypes.insert(drafted.value, at));
        return;
      }
      // Another table under the same name: published anew (the layer step then gives it the directory's styles).
      const reason = reasons([`nativeName: published again from ${nativeName}`], fields.cqlFilter);
      this.add({ action: 'update', kind: 'featureType', resource, reason }, async () => {
        await featureTypes.delete(workspace, store, name, true);
        await featureTypes.insert(drafted.value, at);
      });
      return;
    }
    const changed = changedDeclared(FeatureType, current, fields);
    if (fields.srs !== undefined && fields.srs !== current.srs) changed.push('srs');
    if (fields.nativeBbox && !sameValue(boxOf(fields.nativeBbox), boxOf(current.nativeBbox))) changed.push('nativeBoundingBox');
    if (fields.latLonBbox && !sameValue(boxOf(fields.latLonBbox), boxOf(current.latLonBbox))) changed.push('latLonBoundingBox');
    if (fields.attributeList !== undefined) {
      // The subset the file's <attributes> make on the table as it is now.
      const sent = fields.attributeList;
      const subset = await this.askStore(workspace, store, params, async (conn) =>
        configuredSubset(sent, await this.services.connector.describeTable(conn, nativeName)),
      );
      if ('problem' in subset) {
        fail(subset.problem);
        return;
      }
      if (!sameValue(subset.value ?? null, current.attributeList)) changed.push('attributes');
    }
    // An import never clears a filter: the record keeps the catalog's when the file has none.
    const reason = reasons(changed, fields.cqlFilter ?? current.cqlFilter);
    if (!changed.length) {
      this.add({ action: 'unchanged', kind: 'featureType', resource, reason });
      return;
    }
    const update: Sent<FeatureType> = { ...fields };
    delete update.nativeCRS;
    if (update.srs === current.srs) delete update.srs;
    if (!changed.includes('attributes')) delete update.attributeList;
    // What the change needs from the store (a new srs, the subset) is asked now, as for a new feature type.
    const change = await this.askStore(workspace, store, params, async (conn) =>
      featureTypes.change(await featureTypes.get(workspace, store, name), update, undefined, conn),
    );
    if ('problem' in change) {
      fail(change.problem);
      return;
    }
    this.add({ action: 'update', kind: 'featureType', resource, reason }, () => featureTypes.save(change.value));
  }

  /**
   * Runs `ask` with a connection to the store as the plan leaves it: its own when the plan keeps
   * it, else one for this check only (the plan creates or changes it), released afterwards. A
   * refusal (missing table, unknown CRS) is the record's problem; a store that cannot be reached
   * throws (502). `own` says whether the store was asked as saved (the write then checks it is
   * still so).
   */
  private async askStore<T>(
    workspace: string,
    store: string,
    params: Record<string, string>,
    ask: (conn: StoreConnection) => Promise<T>,
  ): Promise<{ value: T; own: boolean } | { problem: string }> {
    const saved = this.now.stores.get(`${workspace}:${store}`);
    const own = saved !== undefined && params === saved.connectionParameters;
    const storeId = own ? saved.id : provisionalStoreId--;
    try {
      return { value: await ask({ storeId, qualifiedName: `${workspace}:${store}`, names: { workspace, store }, params }), own };
    } catch (err) {
      if (err instanceof CatalogError && err.code !== 'STORE_UNAVAILABLE' && err.code !== 'STORE_BUSY') return { problem: err.message };
      throw err;
    } finally {
      if (storeId < 0) await this.services.connector.release(storeId);
    }
  }

  private planLayer(dirLayer: DirLayer): void {
    const { workspace, name } = dirLayer;
    const resource = restPath.layer(workspace, name);
    const type = this.dirFeatureTypes.get(`${workspace}:${name}`);
    if (type && this.skippedStores.has(`${workspace}:${type.store}`)) {
      const reason = `its data store ${workspace}:${type.store} is skipped`;
      this.skippedLayers.set(`${workspace}:${name}`, reason);
      this.skipped.push({ entry: { action: 'skip', kind: 'layer', resource, reason } });
      return;
    }
    const isNew = this.newFeatureTypes.has(`${workspace}:${name}`);
    const current = isNew ? undefined : this.now.layers.get(`${workspace}:${name}`);
    if (!isNew && !current) {
      if (!this.failedFeatureTypes.has(`${workspace}:${name}`)) {
        this.add({
          action: 'error',
          kind: 'layer',
          resource,
          reason: `${dirLayer.file}: no feature type ${workspace}:${name} in the directory or the catalog`,
        });
      }
      return;
    }
    const fields = { ...dirLayer.input };
    delete fields.name;
    const update: Sent<Layer> = { ...fields, defaultStyleRef: dirLayer.defaultStyle, styleRefs: dirLayer.styles };
    if (isNew) {
      const republished = this.now.layers.has(`${workspace}:${name}`);
      if (republished) this.republishedLayers.add(`${workspace}:${name}`);
      this.add(
        { action: republished ? 'update' : 'create', kind: 'layer', resource, reason: republished ? 'its feature type is published again' : undefined },
        () => this.services.layers.update(`${workspace}:${name}`, update),
      );
      return;
    }
    const changed = changedDeclared(Layer, current!.layer, fields);
    const refOf = (ref: SentReference) => styleKey(ref.workspace, ref.name);
    const currentRef = (s: { name: string; workspaceId: number | null } | undefined) =>
      s ? styleKey(styleWorkspace(this.now, s as never), s.name) : undefined;
    if (dirLayer.defaultStyle && refOf(dirLayer.defaultStyle) !== currentRef(current!.defaultStyle)) changed.push('defaultStyle');
    if (
      !sameValue(
        dirLayer.styles.map(refOf),
        current!.styles.map((s) => currentRef(s)),
      )
    )
      changed.push('styles');
    this.add(
      { action: changed.length ? 'update' : 'unchanged', kind: 'layer', resource, reason: changed.length ? changed.join(', ') : undefined },
      changed.length ? () => this.services.layers.update(`${workspace}:${name}`, update) : undefined,
    );
  }

  /** Deletions: what the catalog holds inside the directory's workspaces and the directory lacks. */
  private planPrune(): void {
    const named = new Set(this.dir.workspaces.map((w) => w.input.name));
    pruneLayerGroups(this.groupContext(), named);
    const inDir = {
      types: new Set(this.dir.featureTypes.map((f) => `${f.workspace}:${f.input.name}`)),
      stores: new Set(this.dir.dataStores.map((s) => `${s.workspace}:${s.input.name}`)),
      styles: new Set(this.dir.styles.map((s) => styleKey(s.workspace, s.input.name))),
    };
    for (const [key, ft] of this.now.featureTypes) {
      const ws = ft.workspace.name;
      if (!named.has(ws) || inDir.types.has(key)) continue;
      const store = ft.dataStore.name;
      if (this.now.layers.has(key)) this.add({ action: 'delete', kind: 'layer', resource: restPath.layer(ws, ft.name) });
      this.add({ action: 'delete', kind: 'featureType', resource: restPath.featureType(ws, store, ft.name) }, () =>
        this.services.featureTypes.delete(ws, store, ft.name, true),
      );
    }
    for (const [key, store] of this.now.stores) {
      const ws = store.workspace.name;
      if (!named.has(ws) || inDir.stores.has(key)) continue;
      this.add({ action: 'delete', kind: 'dataStore', resource: restPath.dataStore(ws, store.name) }, async () => {
        this.deletedStores.push(await this.services.stores.delete(ws, store.name, true));
      });
    }
    for (const [key, style] of this.now.styles) {
      const ws = styleWorkspace(this.now, style);
      if (ws === undefined || !named.has(ws) || inDir.styles.has(key)) continue;
      this.add({ action: 'delete', kind: 'style', resource: restPath.style(ws, style.name) }, () => this.services.styles.delete(ws, style.name, true));
    }
  }
}

/**
 * Said of a feature type the plan leaves with a `cqlFilter` that is no ECQL filter: its layer would
 * serve nothing (409 on every read, contract §11) until the filter is corrected.
 */
function servesNothing(cqlFilter: string | null | undefined): string | undefined {
  if (!cqlFilter) return undefined;
  try {
    parseCql(cqlFilter, 'ecql-text');
    return undefined;
  } catch (err) {
    if (!(err instanceof CqlError)) throw err;
    return `cqlFilter: cannot be parsed (${err.message}), so the layer serves no features until it is corrected`;
  }
}

/** The changes of a plan line (`a, b`), then its note after `; `; undefined when there is neither. */
function reasons(changed: string[], cqlFilter: string | null | undefined): string | undefined {
  const parts = [changed.join(', '), servesNothing(cqlFilter)].filter((p) => p);
  return parts.length ? parts.join('; ') : undefined;
}

/** A box's four numbers, for comparing (the CRS is the feature type's). */
function boxOf(box: { minx: number; maxx: number; miny: number; maxy: number } | null | undefined): number[] | null {
  return box ? [box.minx, box.maxx, box.miny, box.maxy].map(Number) : null;
}
