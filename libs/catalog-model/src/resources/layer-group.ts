import { IsDefined, IsIn, IsNumber, IsOptional, IsString, ValidateNested } from 'class-validator';
import { Wire, WireRoot } from '../wire/declare';
import { child, childrenNamed, textOf, WireNode } from '../wire/node';
import { SentReference } from '../wire/read';
import { DATE_CREATED, DATE_MODIFIED } from './dates';
import { IsCatalogName } from './rules';
import { splitQualified } from './layer';

/** How a layer group is published (GeoServer's `LayerGroupInfo.Mode`). */
export const LAYER_GROUP_MODES = ['SINGLE', 'OPAQUE_CONTAINER', 'NAMED', 'CONTAINER', 'EO'] as const;
export type LayerGroupMode = (typeof LAYER_GROUP_MODES)[number];

/** What a group member is: a layer or another group (`<published type="…">`). */
export type MemberType = 'layer' | 'layerGroup';

/** A member as a body names it: bare or `ws:name`, with its type when the body says. */
export interface SentMember extends SentReference {
  type?: MemberType;
}

const required = (element: string) => IsDefined({ message: `The bounds have no ${element}; they are required`, context: { code: 'MISSING_FIELD' } });

/** A group's bounds as sent or stored: the box and the code of the CRS it is in. */
export class GroupBounds {
  @required('minx')
  @IsNumber()
  @Wire({ kind: 'number' })
  minx!: number;

  @required('maxx')
  @IsNumber()
  @Wire({ kind: 'number' })
  maxx!: number;

  @required('miny')
  @IsNumber()
  @Wire({ kind: 'number' })
  miny!: number;

  @required('maxy')
  @IsNumber()
  @Wire({ kind: 'number' })
  maxy!: number;

  /** `<crs>EPSG:4326</crs>`, or `<crs class="projected">…</crs>` as GeoServer writes a projected one. */
  @IsOptional()
  @IsString()
  @Wire({ kind: 'text', read: (node, element) => readCrs(node, element) })
  crs?: string;
}

function readCrs(node: WireNode, element: string): string | undefined {
  const crs = child(node, element);
  return crs?.text?.trim() || undefined;
}

/** A reference read from an item: `<x>NAME</x>` or `<x><name>NAME</name><workspace>…</workspace></x>`. */
function itemReference(item: WireNode): SentReference | null {
  const text = item.text?.trim();
  if (text) return splitQualified({ name: text });
  const name = textOf(item, 'name')?.trim();
  if (!name) return null;
  const ws = child(item, 'workspace');
  const workspace = ws ? ws.text?.trim() || textOf(ws, 'name')?.trim() : undefined;
  return splitQualified({ name, workspace: workspace || undefined });
}

/**
 * The members a body names: `<publishables><published type="layer">…</published></publishables>`,
 * or GeoServer's older `<layers><layer>…</layer></layers>` (layers only). Empty items are dropped.
 */
function readMembers(node: WireNode): SentMember[] | undefined {
  const publishables = child(node, 'publishables');
  const layers = publishables ? undefined : child(node, 'layers');
  if (!publishables && !layers) return undefined;
  const items = publishables ? childrenNamed(publishables, 'published') : childrenNamed(layers, 'layer');
  const members: SentMember[] = [];
  for (const item of items) {
    const ref = itemReference(item);
    if (!ref) continue;
    const type = item.attrs.type ?? textOf(item, 'type') ?? (publishables ? undefined : 'layer');
    members.push({ ...ref, type: type === 'layerGroup' ? 'layerGroup' : type === 'layer' ? 'layer' : undefined });
  }
  return members;
}

/** One style per member, in order: null (the member's default) for an empty `<style/>`. */
function readStyles(node: WireNode, element: string): Array<SentReference | null> | undefined {
  const styles = child(node, element);
  if (!styles) return undefined;
  return childrenNamed(styles, 'style').map(itemReference);
}

/**
 * A layer group (GeoServer's `LayerGroupInfo`): layers and other groups published together under
 * one name, each drawn with its own style (or its default). Fields in GeoServer's order; the mapper
 * writes the workspace, members and styles, the service resolves what a body names.
 */
@WireRoot('layerGroup')
export class LayerGroup {
  @IsCatalogName('layer group')
  @Wire({ kind: 'text', mergedByService: true, column: { type: 'varchar', length: 255 } })
  name!: string;

  @IsIn(LAYER_GROUP_MODES, { message: (a) => `Invalid layer group mode '${String(a.value)}'; one of ${LAYER_GROUP_MODES.join(', ')}` })
  @Wire({ kind: 'text', letterCase: 'upper', emptyIsAbsent: true, column: { type: 'varchar', length: 32, default: 'SINGLE' } })
  mode!: LayerGroupMode;

  @IsString()
  @Wire({ kind: 'text', keepSpace: true, column: { type: 'text', nullable: true } })
  title!: string | null;

  @IsString()
  @Wire({ kind: 'text', keepSpace: true, element: 'abstractTxt', aliases: ['abstract'], column: { name: 'abstract', type: 'text', nullable: true } })
  abstractTxt!: string | null;

  /** `<workspace><name>ws</name></workspace>`, or the bare name as some clients send it. */
  @Wire({
    kind: 'given',
    element: 'workspace',
    mergedByService: true,
    read: (node, element) => {
      const ws = child(node, element);
      return ws ? ws.text?.trim() || textOf(ws, 'name')?.trim() || undefined : undefined;
    },
  })
  workspaceName?: string;

  @Wire({ kind: 'given', element: 'publishables', mergedByService: true, read: (node) => readMembers(node) })
  members?: SentMember[];

  @Wire({ kind: 'given', element: 'styles', mergedByService: true, read: readStyles })
  styles?: Array<SentReference | null>;

  /** Computed from the members unless sent; in the first member's CRS. */
  @ValidateNested()
  @Wire({ kind: 'object', type: () => GroupBounds, mergedByService: true, column: { type: 'json', nullable: true } })
  bounds!: GroupBounds | null;

  @IsString({ each: true })
  @Wire({ kind: 'strings', column: { type: 'json', default: '[]' } })
  keywords!: string[];

  @Wire(DATE_CREATED)
  dateCreated!: Date;

  @Wire(DATE_MODIFIED)
  dateModified!: Date | null;
}
