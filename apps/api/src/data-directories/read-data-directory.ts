import {
  child,
  childrenNamed,
  DataStore,
  FeatureType,
  Layer,
  LayerGroup,
  Namespace,
  Style,
  textOf,
  Workspace,
  type SentReference,
  type WireNode,
} from '@geocatalog/catalog-model';
import type { DataDirectory, DirFeatureType, DirFiles, DirLayer } from './data-directory';
import { filesBelow, findDataDirectoryRoot } from './data-directory-root';
import { dirFile, RESOURCE_FILES, restPath, STORE_FILES, WORKSPACE_CONFIG_FOLDERS } from './data-directory-layout';
import { DanglingReference, DirIds, type ForeignId, type KnownRecord } from './dir-references';
import { DirListing } from './dir-listing';
import { kindLabel, outOfScopeDataStore, resourcePath, restPathOfStore, storeResource } from './dir-scope';
import { declaredInput, metadataKeys, namedInput, withTextMetadata } from './dir-inputs';
import { parseDirXml, reasonOf } from './dir-xml';
import { readLayerGroups, type GroupReaderContext } from './read-layer-groups';
import { readSettingsFiles } from './read-settings';
import { RULE_FILES } from '@geocatalog/catalog-exchange';
import { readLayersProperties, readServicesProperties } from '../access/rules-properties';

export type { ForeignId, ForeignKind } from './dir-references';

/** How {@link readDataDirectory} resolves what the directory references but does not hold. */
export interface ReadOptions {
  /**
   * Ids the directory references but does not hold: the catalog's own records (built-in styles
   * point/line/polygon/generic, records exported from here).
   */
  foreignId?: ForeignId;
}

/** A feature type read, waiting for its layer (read once every id of the directory is known). */
interface PendingFeatureType {
  featureType: DirFeatureType;
  layerFile?: string;
}

/** Stands for a record that could not be read; the problem is already recorded. */
class Unreadable extends Error {}

/**
 * Reads a GeoServer data directory (contract §8) into the records this catalog holds, what it
 * skips and what it cannot read. Never throws on bad input: every file that cannot be read is a
 * `DirProblem` naming it. Files may sit below a leading folder (see `findDataDirectoryRoot`).
 *
 * The walk is GeoServer's (`GeoServerLoader.readCatalog`): `styles/*.xml`; each
 * `workspaces/{ws}/` with `workspace.xml` + `namespace.xml`, its `styles/`, its store folders
 * (`datastore.xml`, `coveragestore.xml`, `wmsstore.xml`, `wmtsstore.xml`) and their resource
 * folders (`featuretype.xml` + `layer.xml`, …), its `layergroups/`; then `layergroups/`. Names come
 * from the files, not the folders. Each record is read by its catalog-model declaration; the
 * references GeoServer writes by `<id>` (workspace of a store or style, namespace and store of a
 * feature type, resource and styles of a layer) resolve to names on the Dir record (`workspace`,
 * `store`, `defaultStyle`, `styles`) and are left out of `input`, so each fact has one place.
 */
export function readDataDirectory(files: DirFiles, options: ReadOptions = {}): DataDirectory {
  const out: DataDirectory = {
    workspaces: [],
    namespaces: [],
    dataStores: [],
    featureTypes: [],
    layers: [],
    styles: [],
    layerGroups: [],
    skipped: [],
    problems: [],
  };
  const found = findDataDirectoryRoot(files.keys());
  if ('problem' in found) {
    out.problems.push({ kind: 'directory', resource: '/', file: '', reason: found.problem });
    return out;
  }
  new DirectoryReader(new DirListing(filesBelow(files, found.root)), new DirIds(options.foreignId), out).read();
  return out;
}

class DirectoryReader {
  /** Workspace names by folder, once read (the folder's name when its file could not be read). */
  private readonly workspaceOfFolder = new Map<string, string>();
  /** Workspace folders whose workspace.xml or namespace.xml could not be read: nothing in them is read. */
  private readonly brokenFolders = new Set<string>();
  /** REST paths already read, with the file that defined them. */
  private readonly seen = new Map<string, string>();

  constructor(
    private readonly dir: DirListing,
    private readonly ids: DirIds,
    private readonly out: DataDirectory,
  ) {}

  read(): void {
    const all = this.dir.foldersIn('workspaces/');
    for (const folder of all) this.readWorkspace(folder);
    // A workspace that cannot be read is one problem, not one more for each record referencing it.
    const folders = all.filter((f) => !this.brokenFolders.has(f));
    this.readDefaultWorkspace();
    this.readStyles('styles/', undefined);
    for (const folder of folders) this.readStyles(`workspaces/${folder}/styles/`, this.workspaceOfFolder.get(folder));
    this.readStores(folders);
    readLayerGroups(this.groupContext(), [
      ...folders.map((folder) => ({ folder: `workspaces/${folder}/layergroups/`, workspace: this.workspaceOfFolder.get(folder) })),
      { folder: 'layergroups/' },
    ]);
    this.readSettings(all);
  }

  private problem(kind: string, resource: string, file: string, reason: string): Unreadable {
    this.out.problems.push({ kind, resource, file, reason });
    return new Unreadable(reason);
  }

  private skip(kind: string, resource: string, reason: string): void {
    this.out.skipped.push({ kind, resource, reason });
  }

  /** Runs `read`; any error becomes a problem of `file` (recorded once), and the result undefined. */
  private attempt<T>(kind: string, resource: string, file: string, read: () => T): T | undefined {
    try {
      return read();
    } catch (e) {
      if (!(e instanceof Unreadable)) this.problem(kind, resource, file, reasonOf(e));
      return undefined;
    }
  }

  private parse(file: string, root: string): WireNode {
    const bytes = this.dir.bytes(file);
    if (!bytes) throw new Error('The file is missing');
    return parseDirXml(bytes, root);
  }

  /** Records a resource path read from `file`; a second definition of the same record is a problem. */
  private claim(kind: string, resource: string, file: string): void {
    const earlier = this.seen.get(resource);
    if (earlier) throw this.problem(kind, resource, file, `${earlier} defines the same ${kind}`);
    this.seen.set(resource, file);
  }

  private register(id: string | undefined, record: KnownRecord, resource: string): void {
    const earlier = this.ids.register(id, record);
    if (earlier) throw this.problem(record.kind, resource, record.file, `Its id '${id}' is also the id of ${earlier.file}`);
  }

  private readWorkspace(folder: string): void {
    const wsFile = `workspaces/${folder}/workspace.xml`;
    const nsFile = `workspaces/${folder}/namespace.xml`;
    this.workspaceOfFolder.set(folder, folder);
    if (!this.dir.has(wsFile) || !this.dir.has(nsFile)) {
      const missing = this.dir.has(wsFile) ? nsFile : wsFile;
      this.problem(
        'workspace',
        restPath.workspace(folder),
        missing,
        'The file is missing: GeoServer reads a workspace folder only with both workspace.xml and namespace.xml',
      );
      this.brokenFolders.add(folder);
      return;
    }
    const name = this.attempt('workspace', restPath.workspace(folder), wsFile, () => {
      const node = this.parse(wsFile, 'workspace');
      const input = namedInput(Workspace, node);
      const resource = restPath.workspace(input.name);
      const id = textOf(node, 'id')?.trim();
      this.workspaceOfFolder.set(folder, input.name);
      this.claim('workspace', resource, wsFile);
      this.register(id, { kind: 'workspace', name: input.name, file: wsFile }, resource);
      this.out.workspaces.push({ file: wsFile, id, input });
      return input.name;
    });
    if (name === undefined) {
      this.brokenFolders.add(folder);
      return;
    }
    const namespace = this.attempt('namespace', restPath.namespace(name), nsFile, () => {
      const node = this.parse(nsFile, 'namespace');
      const input = namedInput(Namespace, node);
      if (input.name !== name) throw new Error(`Its prefix '${input.name}' is not its workspace's name '${name}'`);
      const resource = restPath.namespace(input.name);
      const id = textOf(node, 'id')?.trim();
      this.claim('namespace', resource, nsFile);
      this.register(id, { kind: 'namespace', name: input.name, file: nsFile }, resource);
      this.out.namespaces.push({ file: nsFile, id, input });
      return true;
    });
    if (!namespace) this.brokenFolders.add(folder);
  }

  private readDefaultWorkspace(): void {
    const file = dirFile.defaultWorkspace;
    if (!this.dir.has(file)) return;
    this.attempt('workspace', restPath.workspace('default'), file, () => {
      const name = textOf(this.parse(file, 'workspace'), 'name')?.trim();
      if (!name) throw new Error('It names no workspace');
      this.out.defaultWorkspace = name;
    });
  }

  /** The style files of a folder: `*.xml` but for a style's own content (`x.xml` beside `x.xml.xml`). */
  private readStyles(folder: string, folderWorkspace: string | undefined): void {
    const names = this.dir.filesIn(folder);
    for (const file of names.filter((n) => /\.xml$/i.test(n) && !names.includes(`${n}.xml`))) {
      this.readStyle(folder, file, folderWorkspace);
    }
  }

  private readStyle(folder: string, fileName: string, folderWorkspace: string | undefined): void {
    const file = folder + fileName;
    const guessed = restPath.style(folderWorkspace, fileName.replace(/\.xml$/i, ''));
    this.attempt('style', guessed, file, () => {
      const node = this.parse(file, 'style');
      const name = textOf(node, 'name')?.trim() || fileName.replace(/\.xml$/i, '');
      const wsRef = this.resolveOr('style', guessed, file, () => this.ids.resolve(node, 'workspace', ['workspace']));
      const workspace = wsRef?.name ?? folderWorkspace;
      const resource = restPath.style(workspace, name);
      const id = textOf(node, 'id')?.trim();
      const format = textOf(node, 'format')?.trim().toLowerCase() || 'sld';
      if (format !== 'sld') {
        const reason = `A ${format} style: only SLD styles are imported`;
        this.register(id, { kind: 'style', name, workspace, file, skipped: reason }, resource);
        this.skip('style', resource, reason);
        return;
      }
      // Known by its id even if it cannot be read, so the layers using it are not each a problem too.
      this.register(id, { kind: 'style', name, workspace, file }, resource);
      const input = this.declared('style', resource, file, () => namedInput(Style, node));
      if (!input.filename) throw this.problem('style', resource, file, 'It names no filename: the style has no document');
      const content = this.dir.bytes(folder + input.filename);
      if (!content) throw this.problem('style', resource, file, `Its style document ${folder}${input.filename} is missing`);
      this.claim('style', resource, file);
      this.out.styles.push({ file, id, workspace, input, content });
    });
  }

  /** Reads a declaration; a refusal is a problem of the record's resource (not of a guessed path). */
  private declared<T>(kind: string, resource: string, file: string, read: () => T): T {
    try {
      return read();
    } catch (e) {
      throw this.problem(kind, resource, file, reasonOf(e));
    }
  }

  /** Resolves a reference; a dangling one is a problem of the record. */
  private resolveOr<T>(kind: string, resource: string, file: string, resolve: () => T): T {
    try {
      return resolve();
    } catch (e) {
      if (e instanceof DanglingReference) throw this.problem(kind, resource, file, e.message);
      throw e;
    }
  }

  /**
   * Stores and their feature types first, then the layers: a layer may name a feature type of a
   * folder read after its own, and every id must be known before references resolve.
   */
  private readStores(folders: string[]): void {
    const pending: PendingFeatureType[] = [];
    for (const folder of folders) {
      const base = `workspaces/${folder}/`;
      const folderWorkspace = this.workspaceOfFolder.get(folder) ?? folder;
      for (const storeFolder of this.dir.foldersIn(base).filter((f) => !WORKSPACE_CONFIG_FOLDERS.includes(f))) {
        const found = STORE_FILES.find((s) => this.dir.has(`${base}${storeFolder}/${s.file}`));
        // GeoServer ignores a folder without a store file (with a warning); so does the reader.
        if (!found) continue;
        const file = `${base}${storeFolder}/${found.file}`;
        const guessed = storeResource(found.kind, folderWorkspace, storeFolder);
        const store = this.attempt(found.kind, guessed, file, () => this.readStore(found.kind, file, folderWorkspace, storeFolder));
        if (!store) continue;
        for (const resourceFolder of this.dir.foldersIn(`${base}${storeFolder}/`)) {
          const featureType = this.readResource(store, `${base}${storeFolder}/${resourceFolder}/`);
          if (featureType) pending.push(featureType);
        }
      }
    }
    for (const featureType of pending) this.readFeatureTypeLayer(featureType);
  }

  private readStore(kind: (typeof STORE_FILES)[number]['kind'], file: string, folderWorkspace: string, folder: string): KnownRecord {
    const guessed = storeResource(kind, folderWorkspace, folder);
    const node = this.parse(file, kind);
    const name = textOf(node, 'name')?.trim() || folder;
    const wsRef = this.resolveOr(kind, guessed, file, () => this.ids.resolve(node, 'workspace', ['workspace']));
    const workspace = wsRef?.name ?? folderWorkspace;
    const resource = storeResource(kind, workspace, name);
    const id = textOf(node, 'id')?.trim();
    const skipped = kind === 'dataStore' ? outOfScopeDataStore(node) : `A ${kindLabel(kind)}: only PostGIS data stores are imported`;
    if (skipped) {
      const record: KnownRecord = { kind, name, workspace, file, skipped };
      this.register(id, record, resource);
      this.skip(kind, resource, skipped);
      return record;
    }
    // Known by its id even if it cannot be read, so its feature types are not each a problem too.
    this.register(id, { kind, name, workspace, file }, resource);
    const input = this.declared('dataStore', resource, file, () => namedInput(DataStore, node));
    this.claim('dataStore', resource, file);
    const record: KnownRecord = { kind, name: input.name, workspace, file };
    this.out.dataStores.push({ file, id, workspace, input });
    return record;
  }

  /** A resource folder: a feature type to finish with its layer, or a skip. */
  private readResource(store: KnownRecord, folder: string): PendingFeatureType | undefined {
    const storeKind = store.kind as keyof typeof RESOURCE_FILES;
    const { file: resourceFile, kind } = RESOURCE_FILES[storeKind];
    const file = folder + resourceFile;
    if (!this.dir.has(file)) return undefined;
    const workspace = store.workspace ?? '';
    const layerFile = `${folder}layer.xml`;
    const hasLayer = this.dir.has(layerFile);
    let name = folder.split('/').slice(-2)[0];
    let node: WireNode | undefined;
    try {
      node = this.parse(file, kind);
      name = textOf(node, 'name')?.trim() || name;
    } catch (e) {
      if (kind === 'featureType' && !store.skipped) this.problem(kind, resourcePath(kind, workspace, store.name, name), file, reasonOf(e));
    }
    const skipBoth = (resource: string, reason: string) => {
      this.skip(kind, resource, reason);
      if (!hasLayer) return;
      const layerReason = `The layer of ${resource}, which is skipped`;
      this.skip('layer', restPath.layer(workspace, name), layerReason);
      this.registerSkippedLayer(layerFile, workspace, name, layerReason);
    };
    if (store.skipped || kind !== 'featureType') {
      skipBoth(resourcePath(kind, workspace, store.name, name), `In the skipped ${kindLabel(store.kind)} ${restPathOfStore(store)}`);
      return undefined;
    }
    if (!node) return undefined;
    const resource = restPath.featureType(workspace, store.name, name);
    if (metadataKeys(node).includes('JDBC_VIRTUAL_TABLE')) {
      skipBoth(resource, 'An SQL view (JDBC_VIRTUAL_TABLE): only tables and views of the database are published');
      return undefined;
    }
    const parsed = node;
    return this.attempt('featureType', resource, file, () => {
      this.register(textOf(parsed, 'id')?.trim(), { kind: 'featureType', name, workspace, store: store.name, file }, resource);
      return { featureType: this.readFeatureType(file, parsed, store, name), layerFile: hasLayer ? layerFile : undefined };
    });
  }

  /** A skipped layer's id, so the layer groups holding it are skipped rather than dangling (a file that cannot be read has none). */
  private registerSkippedLayer(file: string, workspace: string, name: string, skipped: string): void {
    let id: string | undefined;
    try {
      id = textOf(this.parse(file, 'layer'), 'id')?.trim();
    } catch {
      // Skipped whatever it holds.
    }
    this.attempt('layer', restPath.layer(workspace, name), file, () =>
      this.register(id, { kind: 'layer', name, workspace, file, skipped }, restPath.layer(workspace, name)),
    );
  }

  /** Reads a feature type's layer; both are kept, or both skipped, or the layer is a problem. */
  private readFeatureTypeLayer({ featureType, layerFile }: PendingFeatureType): void {
    const name = featureType.input.name;
    const resource = restPath.featureType(featureType.workspace, featureType.store, name);
    const layerResource = restPath.layer(featureType.workspace, name);
    if (!layerFile) {
      this.skip('featureType', resource, 'It has no layer.xml beside it: GeoServer reads a feature type only with its layer');
      return;
    }
    const layer = this.attempt('layer', layerResource, layerFile, () => this.readLayer(layerFile, featureType));
    if (!layer) return;
    if ('skipped' in layer) {
      layer.record.skipped = layer.skipped;
      this.skip('featureType', resource, layer.skipped);
      this.skip('layer', layerResource, layer.skipped);
      return;
    }
    const claimed = this.attempt('featureType', resource, featureType.file, () => {
      this.claim('featureType', resource, featureType.file);
      this.claim('layer', layerResource, layerFile);
      return true;
    });
    if (!claimed) return;
    this.out.featureTypes.push(featureType);
    this.out.layers.push(layer);
  }

  private readFeatureType(file: string, node: WireNode, folderStore: KnownRecord, name: string): DirFeatureType {
    const guessed = restPath.featureType(folderStore.workspace ?? '', folderStore.name, name);
    const storeRef = this.resolveOr('featureType', guessed, file, () => this.ids.resolve(node, 'store', ['dataStore']));
    if (storeRef && storeRef.record?.file !== folderStore.file) {
      throw this.problem('featureType', guessed, file, `Its store ${qualified(storeRef)} is not the data store of its folder, ${restPathOfStore(folderStore)}`);
    }
    const workspace = folderStore.workspace ?? '';
    const resource = restPath.featureType(workspace, folderStore.name, name);
    const input = this.declared('featureType', resource, file, () => namedInput(FeatureType, withTextMetadata(node)));
    const nsRef = this.resolveOr('featureType', resource, file, () => this.ids.resolve(node, 'namespace', ['namespace']));
    if (nsRef && nsRef.name !== workspace) {
      throw this.problem('featureType', resource, file, `Its namespace '${nsRef.name}' is not its store's workspace '${workspace}'`);
    }
    return { file, id: textOf(node, 'id')?.trim(), workspace, store: folderStore.name, input };
  }

  private readLayer(file: string, featureType: DirFeatureType): DirLayer | { skipped: string; record: KnownRecord } {
    const workspace = featureType.workspace;
    const name = featureType.input.name;
    const resource = restPath.layer(workspace, name);
    const node = this.parse(file, 'layer');
    // Known by its id (layer groups name their members so) even if it cannot be read.
    const record: KnownRecord = { kind: 'layer', name, workspace, file };
    this.register(textOf(node, 'id')?.trim(), record, resource);
    const input = this.declared('layer', resource, file, () => declaredInput(Layer, node)) as DirLayer['input'];
    delete input.name;
    const target = this.resolveOr('layer', resource, file, () => this.ids.resolve(node, 'resource', ['featureType']));
    const sameResource =
      target && (target.record ? target.record.file === featureType.file : target.name === name && (target.workspace ?? workspace) === workspace);
    if (target && !sameResource)
      throw this.problem('layer', resource, file, `Its resource ${target.workspace ?? workspace}:${target.name} is not the feature type beside it`);
    const defaultRef = this.resolveOr('layer', resource, file, () => this.ids.resolve(node, 'defaultStyle', ['style']));
    if (defaultRef?.record?.skipped) return { skipped: `Its default style ${qualified(defaultRef)} is skipped: ${defaultRef.record.skipped}`, record };
    const styles: SentReference[] = [];
    for (const item of childrenNamed(child(node, 'styles'), 'style')) {
      const ref = this.resolveOr('layer', resource, file, () => this.ids.resolveNode(item, 'styles', ['style']));
      if (!ref) continue;
      if (ref.record?.skipped) {
        this.skip('layerStyle', resource, `Its alternate style ${qualified(ref)} is left out: ${ref.record.skipped}`);
        continue;
      }
      styles.push(reference(ref));
    }
    return { file, id: textOf(node, 'id')?.trim(), workspace, name, input, defaultStyle: defaultRef ? reference(defaultRef) : undefined, styles };
  }

  private groupContext(): GroupReaderContext {
    return {
      dir: this.dir,
      ids: this.ids,
      out: this.out,
      parse: (file, root) => this.parse(file, root),
      attempt: (kind, resource, file, read) => this.attempt(kind, resource, file, read),
      problem: (kind, resource, file, reason) => this.problem(kind, resource, file, reason),
      skip: (kind, resource, reason) => this.skip(kind, resource, reason),
      claim: (kind, resource, file) => this.claim(kind, resource, file),
      register: (id, record, resource) => this.register(id, record, resource),
      namedInput: (node) => namedInput(LayerGroup, node),
      resolveOr: (kind, resource, file, resolve) => this.resolveOr(kind, resource, file, resolve),
    };
  }

  /** Service settings (`read-settings.ts`), and `security/`, which is skipped. */
  private readSettings(folders: string[]): void {
    readSettingsFiles(
      {
        filesIn: (folder) => this.dir.filesIn(folder),
        workspaceOf: (folder) => this.workspaceOfFolder.get(folder),
        parse: (file, root) => this.parse(file, root),
        attempt: (kind, resource, file, read) => this.attempt(kind, resource, file, read),
        skip: (kind, resource, reason) => this.skip(kind, resource, reason),
        settings: (this.out.settings ??= []),
        serviceSettings: (this.out.serviceSettings ??= []),
      },
      folders,
    );
    this.readRules();
    // Anything of security/ but the rules (an export from here holds only those).
    const rules = Object.values(RULE_FILES) as string[];
    if (
      this.dir.hasFolder('security/') &&
      (this.dir.foldersIn('security/').length > 0 || this.dir.filesIn('security/').some((f) => !rules.includes(`security/${f}`)))
    ) {
      this.skip('security', '/security', "GeoServer's users, roles and keys are not imported; its keystore only serves to decrypt crypt1: store passwords");
    }
  }

  /** `security/layers.properties` and `services.properties`: a line that is no rule is skipped with why. */
  private readRules(): void {
    const files = [
      { file: RULE_FILES.data, family: 'layers', read: readLayersProperties, put: (rules: Array<[string, string]>) => (this.out.dataRules = rules) },
      { file: RULE_FILES.services, family: 'services', read: readServicesProperties, put: (rules: Array<[string, string]>) => (this.out.serviceRules = rules) },
    ];
    for (const { file, family, read, put } of files) {
      if (!this.dir.has(file)) continue;
      const { rules, problems } = read(new TextDecoder().decode(this.dir.bytes(file)));
      put(rules);
      for (const problem of problems) this.skip(family === 'layers' ? 'rule' : 'serviceRule', `/security/acl/${family}`, `${file}: ${problem}`);
    }
  }
}

function reference(ref: SentReference): SentReference {
  return ref.workspace ? { name: ref.name, workspace: ref.workspace } : { name: ref.name };
}

function qualified(ref: SentReference): string {
  return ref.workspace ? `${ref.workspace}:${ref.name}` : ref.name;
}
