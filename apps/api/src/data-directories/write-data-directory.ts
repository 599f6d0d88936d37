import {
  DataStore,
  declaredRep,
  doc,
  entries,
  FeatureType,
  Layer,
  LayerGroup,
  list,
  Namespace,
  obj,
  Style,
  textWithAttrs,
  Workspace,
  type BoundingBox,
  type Rep,
  type RepObject,
  type SentReference,
  KIND_NAMES,
  type KindName,
} from '@geocatalog/catalog-model';
import { javaHashMapOrder } from '../catalog/datastores/java-hashmap-order';
import { box } from '../catalog/featuretypes/featuretype.mapper';
import { toXml } from '../rest/xml-writer';
import { serviceSettingsRep, settingsRep } from '../settings/settings.mapper';
import { RULE_FILES } from '@geocatalog/catalog-exchange';
import { writeProperties } from '../access/rules-properties';
import { catalogId, type CatalogRecordKind } from './catalog-id';
import type {
  DataDirectory,
  DirFeatureType,
  DirFiles,
  DirGroupMember,
  DirLayer,
  DirLayerGroup,
  DirServiceSettings,
  DirSettings,
  DirStyle,
} from './data-directory';
import { dirFile, restPath } from './data-directory-layout';

/** GeoServer's CRS of every lat/lon bounding box in its files (its `SRSConverter` writes the code). */
const LAT_LON_CRS = 'EPSG:4326';

/**
 * Writes a data directory as GeoServer writes one (`GeoServerConfigPersister` with
 * `XStreamPersister`): the file layout of `GeoServerDataDirectory`, no XML declaration, two-space
 * indentation, each record's fields in its declaration's (GeoServer's) order with `<id>` first (after
 * `<name>` in a layer), references by `<id>`, no atom links and nothing GeoServer computes live
 * (dates, and a feature type's attributes unless it has a configured subset, written by name). A record keeps its `id`; one without gets {@link catalogId}.
 * A reference to a record the directory does not hold (a built-in style left out of a one-workspace
 * export) is written by name, which GeoServer's `ResolvingProxy` and this reader both resolve.
 * Skips and problems are not written. Throws only on a directory that is not consistent: a layer
 * without its feature type.
 */
export function writeDataDirectory(dir: DataDirectory): DirFiles {
  return new DirectoryWriter(dir).write();
}

function withId(rep: RepObject, id: string, after?: string): RepObject {
  const at = after ? rep.fields.findIndex(([name]) => name === after) + 1 : 0;
  return { ...rep, fields: [...rep.fields.slice(0, at), ['id', id], ...rep.fields.slice(at)] };
}

function boxOf(b: BoundingBox | null | undefined, crs: Rep | undefined): Rep | undefined {
  return b ? box(b, crs) : undefined;
}

/** Whether a CRS given as WKT is projected (GeoServer writes `class="projected"` on it and its box). */
function isProjected(crs: string | undefined): boolean {
  return /^\s*PROJCS\s*\[/i.test(crs ?? '');
}

class DirectoryWriter {
  private readonly files = new Map<string, string>();
  /** Records by `ws:name` (`:name` for a global style): a catalog of 100,000 layers is written in one pass. */
  private readonly stylesByKey: Map<string, DirStyle>;
  private readonly featureTypesByKey: Map<string, DirFeatureType>;
  private readonly layersByKey: Map<string, DirLayer>;
  private readonly groupsByKey: Map<string, DirLayerGroup>;

  constructor(private readonly dir: DataDirectory) {
    this.stylesByKey = new Map(dir.styles.map((st) => [`${st.workspace ?? ''}:${st.input.name}`, st]));
    this.featureTypesByKey = new Map(dir.featureTypes.map((f) => [`${f.workspace}:${f.input.name}`, f]));
    this.layersByKey = new Map(dir.layers.map((l) => [`${l.workspace}:${l.name}`, l]));
    this.groupsByKey = new Map(dir.layerGroups.map((g) => [`${g.workspace ?? ''}:${g.input.name}`, g]));
  }

  /**
   * How each kind's records are written; null for a kind GeoServer keeps outside the catalog's
   * folders (users). A kind without an entry does not compile.
   */
  private readonly writers: Record<KindName, ((out: DirFiles) => void) | null> = {
    workspace: () => {
      for (const ws of this.dir.workspaces) this.put(dirFile.workspace(ws.input.name), this.workspaceXml(ws.input.name));
      if (this.dir.defaultWorkspace) this.put(dirFile.defaultWorkspace, this.workspaceXml(this.dir.defaultWorkspace));
    },
    namespace: () => {
      for (const ns of this.dir.namespaces) this.put(dirFile.namespace(ns.input.name), this.namespaceXml(ns.input.name));
    },
    dataStore: () => {
      for (const store of this.dir.dataStores) this.writeDataStore(store);
    },
    featureType: () => {
      for (const ft of this.dir.featureTypes) this.put(dirFile.featureType(ft.workspace, ft.store, ft.input.name), this.featureTypeXml(ft));
    },
    layer: () => {
      for (const layer of this.dir.layers) this.writeLayer(layer);
    },
    layerGroup: () => {
      for (const group of this.dir.layerGroups) this.writeLayerGroup(group);
    },
    style: (out) => this.writeStyles(out),
    user: null,
    settings: () => {
      for (const settings of this.dir.settings ?? []) this.writeSettings(settings);
    },
    serviceSettings: () => {
      for (const service of this.dir.serviceSettings ?? []) this.writeServiceSettings(service);
    },
    // security/layers.properties and services.properties: one file each, not one per record.
    rule: () => {
      if (this.dir.dataRules) this.put(RULE_FILES.data, writeProperties(this.dir.dataRules));
    },
    serviceRule: () => {
      if (this.dir.serviceRules?.length) this.put(RULE_FILES.services, writeProperties(this.dir.serviceRules));
    },
  };

  /** A workspace's settings name it by `<workspace><id>` (by name when the directory lacks it). */
  private withWorkspace(rep: RepObject, ws: string | undefined): RepObject {
    if (!ws) return rep;
    const fields = rep.fields.filter(([name]) => name !== 'workspace');
    return { ...rep, fields: [['workspace', this.workspaceRef(ws)], ...fields] };
  }

  /** `global.xml` as GeoServer writes it (`<global><settings>` and the global values), or a workspace's `settings.xml`. */
  private writeSettings(settings: DirSettings): void {
    const resource = restPath.settings(settings.workspace);
    const rep = withId(this.withWorkspace(settingsRep(settings.input, null), settings.workspace), this.idOf('settings', resource, settings.id));
    if (settings.workspace) {
      this.put(dirFile.settings(settings.workspace), toXml(doc('settings', rep)));
      return;
    }
    const global = obj([
      ['settings', rep],
      ['featureTypeCacheSize', 0],
      ['globalServices', true],
      ['xmlPostRequestLogBufferSize', 1024],
    ]);
    this.put(dirFile.settings(undefined), toXml(doc('global', global)));
  }

  /** `wms.xml`, `wfs.xml`, globally or in a workspace's folder. */
  private writeServiceSettings(service: DirServiceSettings): void {
    const resource = restPath.serviceSettings(service.workspace, service.service);
    const rep = this.withWorkspace(serviceSettingsRep(service.input, service.service, null), service.workspace);
    this.put(
      dirFile.serviceSettings(service.workspace, service.service),
      toXml(doc(service.service, withId(rep, this.idOf(service.service, resource, service.id)))),
    );
  }

  write(): DirFiles {
    const out: DirFiles = new Map();
    for (const kind of KIND_NAMES) this.writers[kind]?.(out);
    const encoder = new TextEncoder();
    for (const [path, xml] of this.files) out.set(path, encoder.encode(xml));
    return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  private put(path: string, xml: string): void {
    this.files.set(path, xml);
  }

  /** The `<id>` a record is written with, and referenced by. */
  private idOf(kind: CatalogRecordKind, resource: string, own: string | undefined): string {
    return own ?? catalogId(kind, resource);
  }

  private workspaceId(ws: string): string | undefined {
    const record = this.dir.workspaces.find((w) => w.input.name === ws);
    return record ? this.idOf('workspace', restPath.workspace(ws), record.id) : undefined;
  }

  /** `<workspace><id>…</id></workspace>`, or by name when the directory does not hold it. */
  private workspaceRef(ws: string): Rep {
    const id = this.workspaceId(ws);
    return obj([id ? ['id', id] : ['name', ws]]);
  }

  private workspaceXml(name: string): string {
    const record = this.dir.workspaces.find((w) => w.input.name === name);
    const rep = declaredRep(Workspace, record?.input ?? { name });
    return toXml(doc('workspace', withId(rep, this.idOf('workspace', restPath.workspace(name), record?.id))));
  }

  private namespaceXml(prefix: string): string {
    const record = this.dir.namespaces.find((n) => n.input.name === prefix);
    const rep = declaredRep(Namespace, record?.input ?? { name: prefix });
    return toXml(doc('namespace', withId(rep, this.idOf('namespace', restPath.namespace(prefix), record?.id))));
  }

  private writeDataStore(store: DataDirectory['dataStores'][number]): void {
    const params = store.input.connectionParameters;
    const rep = declaredRep(DataStore, store.input, {
      workspaceName: this.workspaceRef(store.workspace),
      // GeoServer keeps the parameters in a java.util.HashMap and writes them in its order.
      connectionParameters: params && Object.keys(params).length ? entries(javaHashMapOrder(Object.keys(params)).map((k) => [k, params[k]])) : undefined,
    });
    const id = this.idOf('dataStore', restPath.dataStore(store.workspace, store.input.name), store.id);
    this.put(dirFile.dataStore(store.workspace, store.input.name), toXml(doc('dataStore', withId(rep, id))));
  }

  private featureTypeId(ft: DirFeatureType): string {
    return this.idOf('featureType', restPath.featureType(ft.workspace, ft.store, ft.input.name), ft.id);
  }

  private featureTypeXml(ft: DirFeatureType): string {
    const { input, workspace, store } = ft;
    const projected = isProjected(input.nativeCRS);
    const projectedClass: Array<[string, string]> = projected ? [['class', 'projected']] : [];
    const namespace = this.dir.namespaces.find((n) => n.input.name === workspace);
    const storeRecord = this.dir.dataStores.find((s) => s.workspace === workspace && s.input.name === store);
    const rep = declaredRep(FeatureType, input, {
      namespace: obj([namespace ? ['id', this.idOf('namespace', restPath.namespace(workspace), namespace.id)] : ['name', workspace]]),
      nativeCRS: input.nativeCRS ? textWithAttrs(input.nativeCRS, projectedClass) : undefined,
      nativeBbox: boxOf(input.nativeBbox, input.srs ? textWithAttrs(input.srs, projectedClass) : undefined),
      latLonBbox: boxOf(input.latLonBbox, LAT_LON_CRS),
      store: obj(
        [storeRecord ? ['id', this.idOf('dataStore', restPath.dataStore(workspace, store), storeRecord.id)] : ['name', `${workspace}:${store}`]],
        [['class', 'dataStore']],
      ),
      // Only a configured subset, by name (GeoServer reads the rest from the table).
      attributeList: input.attributeList?.length
        ? list(
            'attribute',
            input.attributeList.map((name) => obj([['name', name]])),
          )
        : undefined,
    });
    return toXml(doc('featureType', withId(rep, this.featureTypeId(ft))));
  }

  private styleRef(ref: SentReference): Rep {
    const record = this.stylesByKey.get(`${ref.workspace ?? ''}:${ref.name}`);
    if (record) return obj([['id', this.idOf('style', restPath.style(ref.workspace, ref.name), record.id)]]);
    return obj([['name', ref.workspace ? `${ref.workspace}:${ref.name}` : ref.name]]);
  }

  private writeLayer(layer: DirLayer): void {
    const ft = this.featureTypesByKey.get(`${layer.workspace}:${layer.name}`);
    if (!ft) throw new Error(`The layer ${layer.workspace}:${layer.name} has no feature type in the directory`);
    const rep = declaredRep(Layer, layer.input, {
      name: layer.name,
      defaultStyleRef: layer.defaultStyle ? this.styleRef(layer.defaultStyle) : undefined,
      styleRefs: layer.styles.length
        ? list(
            'style',
            layer.styles.map((s) => this.styleRef(s)),
            { attrs: [['class', 'linked-hash-set']] },
          )
        : undefined,
      resource: obj([['id', this.featureTypeId(ft)]], [['class', 'featureType']]),
    });
    const id = this.idOf('layer', restPath.layer(layer.workspace, layer.name), layer.id);
    this.put(dirFile.layer(ft.workspace, ft.store, ft.input.name), toXml(doc('layer', withId(rep, id, 'name'))));
  }

  /** `<published type="…"><id>…</id></published>`, or by name when the directory does not hold the member. */
  private memberRef(m: DirGroupMember): Rep {
    const key = `${m.workspace ?? ''}:${m.name}`;
    const record = m.type === 'layer' ? this.layersByKey.get(key) : this.groupsByKey.get(key);
    const id = !record
      ? undefined
      : m.type === 'layer'
        ? this.idOf('layer', restPath.layer(m.workspace ?? '', m.name), record.id)
        : this.idOf('layerGroup', restPath.layerGroup(m.workspace, m.name), record.id);
    return obj([id ? ['id', id] : ['name', m.workspace ? `${m.workspace}:${m.name}` : m.name]], [['type', m.type]]);
  }

  private writeLayerGroup(group: DirLayerGroup): void {
    const { input, workspace } = group;
    const bounds = input.bounds;
    // GeoServer's CRSConverter marks a projected CRS; the catalog keeps whether it is (a file read: any CRS but WGS84's).
    const projected = bounds?.crs && ((bounds as { projected?: boolean }).projected ?? !/^(EPSG:4326|CRS:84)$/i.test(bounds.crs));
    const rep = declaredRep(LayerGroup, input, {
      workspaceName: workspace ? this.workspaceRef(workspace) : undefined,
      members: list(
        'published',
        group.members.map((m) => this.memberRef(m)),
      ),
      // An empty <style/> draws the member with its default style.
      styles: list(
        'style',
        group.styles.map((s) => (s ? this.styleRef(s) : obj([]))),
      ),
      bounds: bounds ? box(bounds, bounds.crs ? (projected ? textWithAttrs(bounds.crs, [['class', 'projected']]) : bounds.crs) : undefined) : undefined,
    });
    const id = this.idOf('layerGroup', restPath.layerGroup(workspace, input.name), group.id);
    this.put(dirFile.layerGroup(workspace, input.name), toXml(doc('layerGroup', withId(rep, id))));
  }

  /** Each style's `{name}.xml` and its document, under a file name no other file of the folder has. */
  private writeStyles(out: DirFiles): void {
    const taken = new Set(this.dir.styles.map((s) => `${dirFile.styleFolder(s.workspace)}${s.input.name}.xml`));
    for (const style of this.dir.styles) {
      const folder = dirFile.styleFolder(style.workspace);
      const filename = this.freeName(folder, style, taken);
      taken.add(folder + filename);
      const rep = declaredRep(Style, { ...style.input, filename }, { workspaceRef: style.workspace ? this.workspaceRef(style.workspace) : undefined });
      const id = this.idOf('style', restPath.style(style.workspace, style.input.name), style.id);
      this.put(`${folder}${style.input.name}.xml`, toXml(doc('style', withId(rep, id))));
      out.set(folder + filename, style.content);
    }
  }

  private freeName(folder: string, style: DirStyle, taken: Set<string>): string {
    const wanted = style.input.filename ?? `${style.input.name}.sld`;
    if (!taken.has(folder + wanted)) return wanted;
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? `${style.input.name}.sld` : `${style.input.name}_${n}.sld`;
      if (!taken.has(folder + candidate)) return candidate;
    }
  }
}
