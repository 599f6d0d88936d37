import { child, textOf, type SentReference, type WireNode } from '@geocatalog/catalog-model';

/** Every kind of record a data directory holds, kept or skipped. */
export type DirKind =
  | 'workspace'
  | 'namespace'
  | 'dataStore'
  | 'coverageStore'
  | 'wmsStore'
  | 'wmtsStore'
  | 'featureType'
  | 'coverage'
  | 'wmsLayer'
  | 'wmtsLayer'
  | 'layer'
  | 'style'
  | 'layerGroup';

/** Kinds a reference can name that this catalog holds, asked of {@link ForeignId}. */
export type ForeignKind = 'workspace' | 'namespace' | 'dataStore' | 'featureType' | 'layer' | 'layerGroup' | 'style';

/** Looks up an id the directory references but does not hold (a record of this catalog). */
export type ForeignId = (kind: ForeignKind, id: string) => { workspace?: string; name: string } | undefined;

/** A record of the directory an `<id>` names. */
export interface KnownRecord {
  kind: DirKind;
  name: string;
  workspace?: string;
  store?: string;
  file: string;
  /** Why the record is not imported, when it is skipped. */
  skipped?: string;
}

/** A reference resolved to a name, with the directory's record when it is one. */
export interface ResolvedReference extends SentReference {
  record?: KnownRecord;
}

/** Thrown when a reference cannot be resolved; the reader makes it a problem of the file. */
export class DanglingReference extends Error {}

/**
 * The ids of a data directory and how references resolve, the way GeoServer's `ReferenceConverter`
 * and `ResolvingProxy` read them: `<x><id>ID</id></x>` by id (the directory's records first, then
 * this catalog's through {@link ForeignId}); `<x><name>ws:NAME</name></x>`, `<x><name>NAME</name>
 * <workspace>ws</workspace></x>` or `<x><prefix>NAME</prefix></x>` by name; a bare `<x>TEXT</x>` by
 * id, else by name.
 */
export class DirIds {
  private readonly byId = new Map<string, KnownRecord>();
  private readonly byName = new Map<string, KnownRecord>();

  constructor(private readonly foreignId?: ForeignId) {}

  /** Records an id; returns the record that already holds it, if one does. */
  register(id: string | undefined, record: KnownRecord): KnownRecord | undefined {
    this.byName.set(nameKey(record.kind, record.workspace, record.name), record);
    if (!id) return undefined;
    const earlier = this.byId.get(id);
    if (earlier) return earlier;
    this.byId.set(id, record);
    return undefined;
  }

  /** The directory's record of that kind and name, if it holds one. */
  named(kind: DirKind, workspace: string | undefined, name: string): KnownRecord | undefined {
    return this.byName.get(nameKey(kind, workspace, name));
  }

  /**
   * Resolves the reference `element` of `parent` to a record of one of the `kinds` (the first is
   * the one asked of this catalog); undefined when the element is absent or empty. Throws
   * {@link DanglingReference} when an id is found neither in the directory nor in the catalog.
   */
  resolve(parent: WireNode, element: string, kinds: [ForeignKind, ...DirKind[]]): ResolvedReference | undefined {
    return this.resolveNode(child(parent, element), element, kinds);
  }

  /** As {@link resolve}, for the reference node itself (an item of a list). */
  resolveNode(ref: WireNode | undefined, element: string, kinds: [ForeignKind, ...DirKind[]]): ResolvedReference | undefined {
    if (!ref) return undefined;
    const id = textOf(ref, 'id')?.trim();
    if (id) return this.byIdentifier(id, element, kinds);
    const name = (textOf(ref, 'name') ?? textOf(ref, 'prefix'))?.trim();
    if (name) return this.byNameRef(name, workspaceOf(ref), kinds);
    const bare = ref.children.length === 0 ? ref.text?.trim() : undefined;
    if (!bare) return undefined;
    const record = this.byId.get(bare);
    return record ? this.checked(record, bare, element, kinds) : this.byNameRef(bare, undefined, kinds);
  }

  private byIdentifier(id: string, element: string, kinds: [ForeignKind, ...DirKind[]]): ResolvedReference {
    const record = this.byId.get(id);
    if (record) return this.checked(record, id, element, kinds);
    const foreign = this.foreignId?.(kinds[0], id);
    if (foreign) return { name: foreign.name, workspace: foreign.workspace };
    throw new DanglingReference(`Its ${element} refers to the ${kinds[0]} id '${id}', which is neither in the directory nor in this catalog`);
  }

  private checked(record: KnownRecord, id: string, element: string, kinds: DirKind[]): ResolvedReference {
    if (!kinds.includes(record.kind)) {
      throw new DanglingReference(`Its ${element} refers to the id '${id}', which is the ${record.kind} of ${record.file}, not a ${kinds[0]}`);
    }
    return { name: record.name, workspace: record.workspace, record };
  }

  private byNameRef(name: string, workspace: string | undefined, kinds: DirKind[]): ResolvedReference {
    const colon = name.indexOf(':');
    const ref: SentReference = colon > 0 ? { workspace: name.slice(0, colon), name: name.slice(colon + 1) } : { name, workspace };
    const record = kinds.map((k) => this.named(k, ref.workspace, ref.name)).find((r) => r);
    return record ? { ...ref, record } : ref;
  }
}

function nameKey(kind: DirKind, workspace: string | undefined, name: string): string {
  return `${kind}\n${workspace ?? ''}\n${name}`;
}

function workspaceOf(ref: WireNode): string | undefined {
  const ws = child(ref, 'workspace');
  if (!ws) return undefined;
  return (ws.text?.trim() || textOf(ws, 'name')?.trim()) ?? undefined;
}
