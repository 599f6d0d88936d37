/**
 * The JSON Schemas of layer groups (contract §10), merged into the document's table; their
 * operations are in `layergroups.ts` (two files, so the schema table and the operation model do
 * not import each other).
 */
import { LayerGroup, LAYER_GROUP_MODES } from '@geocatalog/catalog-model';
import { requestSchema, responseSchema } from './declared-schemas';
import { crs, JsonSchema, listOf, namedLinkList, num, object, reference, rootDoc, str, uri } from './schema-parts';

const member = object({ '@type': { enum: ['layer', 'layerGroup'] }, name: str('`ws:name`, or the bare name of a global group'), href: uri }, [
  '@type',
  'name',
  'href',
]);
const styleOrDefault: JsonSchema = { oneOf: [{ const: '' }, object({ name: str('`ws:name` for a workspace style'), href: uri }, ['name', 'href'])] };
const bounds = object({ minx: num, maxx: num, miny: num, maxy: num, crs }, ['minx', 'maxx', 'miny', 'maxy', 'crs']);
const sentMember: JsonSchema = {
  oneOf: [str(), { type: 'object', properties: { '@type': { enum: ['layer', 'layerGroup'] }, name: str(), $: str() } }],
};

/** The schemas of layer groups, merged into the document's table. */
export const LAYER_GROUP_SCHEMAS = {
  LayerGroupList: namedLinkList('layerGroups', 'layerGroup', 'Layer groups: the global ones under /layergroups, a workspace’s under it'),
  LayerGroup: rootDoc(
    'layerGroup',
    responseSchema(LayerGroup, {
      workspaceName: { schema: object({ name: str() }, ['name']) },
      members: { schema: listOf('published', member), always: true },
      styles: { schema: listOf('style', styleOrDefault), always: true },
      bounds: { schema: bounds },
    }),
  ),
  LayerGroupBody: rootDoc(
    'layerGroup',
    requestSchema(
      LayerGroup,
      {
        mode: { type: 'string', description: `one of ${LAYER_GROUP_MODES.join(', ')}, in any case` },
        workspaceName: reference,
        members: {
          type: 'object',
          properties: { published: { oneOf: [sentMember, { type: 'array', items: sentMember }] } },
          description: 'Members in order; a bare name is looked up in the group’s workspace first (also `<layers><layer>…` as older clients send)',
        },
        styles: {
          type: 'object',
          properties: { style: { oneOf: [reference, { type: 'array', items: { oneOf: [reference, { const: '' }] } }] } },
          description: 'One per member, in order; an empty one (or none at all) draws the member with its default style',
        },
      },
      'POST: the workspace is the path’s, else the body’s; PUT merges (name and workspace cannot change); bounds are computed from the members unless sent',
    ),
  ),
} satisfies Record<string, JsonSchema>;
