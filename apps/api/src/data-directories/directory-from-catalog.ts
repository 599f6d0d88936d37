import { DataStore, declaredOf, FeatureType, Layer, LayerGroup, Namespace, SentReference, Style, Workspace } from '@geocatalog/catalog-model';
import type { StyleEntity } from '../catalog/styles/style.entity';
import { CatalogSnapshot, styleKey, styleWorkspace } from './catalog-snapshot';
import type { DataDirectory, DirStyle } from './data-directory';

/**
 * The catalog (a snapshot of it) as a data directory: every record of the snapshot's workspaces,
 * the global styles (all of them, or with `onlyUsedGlobalStyles` those the layers draw with),
 * the layer groups of those workspaces (and the global ones with `withGlobalGroups`), and the
 * default workspace when the whole catalog is written.
 */
export function directoryFromCatalog(
  now: CatalogSnapshot,
  workspaces: string[],
  options: { onlyUsedGlobalStyles: boolean; withDefault: boolean; withGlobalGroups: boolean },
): DataDirectory {
  const chosen = new Set(workspaces);
  const dir: DataDirectory = {
    defaultWorkspace: options.withDefault ? now.defaultWorkspace : undefined,
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
  for (const ws of now.workspaces.values()) {
    if (!chosen.has(ws.name)) continue;
    dir.workspaces.push({ file: '', input: { ...declaredOf(Workspace, ws), name: ws.name } });
    dir.namespaces.push({ file: '', input: { ...declaredOf(Namespace, ws), name: ws.name, namespaceUri: ws.namespaceUri, isolated: ws.isolated } });
  }
  for (const store of now.stores.values()) {
    if (!chosen.has(store.workspace.name)) continue;
    dir.dataStores.push({ file: '', workspace: store.workspace.name, input: { ...declaredOf(DataStore, store), name: store.name } });
  }
  for (const ft of now.featureTypes.values()) {
    if (!chosen.has(ft.workspace.name)) continue;
    dir.featureTypes.push({
      file: '',
      workspace: ft.workspace.name,
      store: ft.dataStore.name,
      input: {
        ...declaredOf(FeatureType, ft),
        name: ft.name,
        nativeName: ft.nativeName,
        srs: ft.srs,
        nativeCRS: ft.nativeCrsWkt ?? undefined,
        nativeBbox: ft.nativeBbox,
        latLonBbox: ft.latLonBbox,
        attributeList: ft.attributeList ?? undefined,
      },
    });
  }
  const used = new Set<StyleEntity>();
  const ref = (style: StyleEntity): SentReference => {
    used.add(style);
    return { name: style.name, workspace: styleWorkspace(now, style) };
  };
  for (const [key, l] of now.layers) {
    const ws = key.slice(0, key.indexOf(':'));
    if (!chosen.has(ws)) continue;
    dir.layers.push({
      file: '',
      workspace: ws,
      name: l.featureType.name,
      input: declaredOf(Layer, l.layer),
      defaultStyle: l.defaultStyle ? ref(l.defaultStyle) : undefined,
      styles: l.styles.map(ref),
    });
  }
  for (const { group, workspace, members } of now.groups.values()) {
    if (workspace === null ? !options.withGlobalGroups : !chosen.has(workspace)) continue;
    dir.layerGroups.push({
      file: '',
      workspace: workspace ?? undefined,
      input: { ...declaredOf(LayerGroup, group), name: group.name },
      members: members.map((m) => (m.workspace === null ? { type: m.type, name: m.name } : { type: m.type, workspace: m.workspace, name: m.name })),
      styles: members.map((m) => {
        if (!m.style) return null;
        const style = now.styles.get(styleKey(m.style.workspace, m.style.name));
        if (style) used.add(style);
        return m.style.workspace === null ? { name: m.style.name } : { workspace: m.style.workspace, name: m.style.name };
      }),
    });
  }
  for (const style of now.styles.values()) {
    const ws = styleWorkspace(now, style);
    const wanted = ws === undefined ? !options.onlyUsedGlobalStyles || used.has(style) : chosen.has(ws);
    if (wanted && style.content) dir.styles.push(styleRecord(style, ws));
  }
  return dir;
}

function styleRecord(style: StyleEntity, workspace: string | undefined): DirStyle {
  return { file: '', workspace, input: { ...declaredOf(Style, style), name: style.name }, content: style.content! };
}
