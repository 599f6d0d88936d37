/**
 * Layer groups in the OpenAPI document (contract §10): operations, schemas and example bodies in
 * one file, so they move with the group's folder. Examples name the group `roads_group` holding
 * the layer `acme:roads`.
 */
import { LayerGroup, LAYER_GROUP_MODES } from '@geocatalog/catalog-model';
import type { BodyExample } from '../examples';
import { requestSchema, responseSchema } from '../declared-schemas';
import { crs, JsonSchema, listOf, num, object, reference, rootDoc, str, uri, namedLinkList } from '../schema-parts';
import { BODY_ERRORS, CREATED, doc, DONE, ok, RestOperation } from './model';

const EXAMPLES = {
  create: {
    xml: '<layerGroup><name>roads_group</name><mode>SINGLE</mode><publishables><published type="layer">acme:roads</published></publishables></layerGroup>',
    json: { layerGroup: { name: 'roads_group', mode: 'SINGLE', publishables: { published: [{ '@type': 'layer', name: 'acme:roads' }] } } },
  },
  update: { xml: '<layerGroup><title>Roads</title></layerGroup>', json: { layerGroup: { title: 'Roads' } } },
} satisfies Record<string, BodyExample>;

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

function groupOperations(base: string, scope: 'global' | 'workspace'): RestOperation[] {
  const id = (verb: string) => `${verb}${scope === 'global' ? '' : 'InWorkspace'}`;
  const which = scope === 'global' ? 'global layer groups' : 'layer groups of a workspace';
  const notFound = scope === 'global' ? [] : [404];
  return [
    {
      operationId: id('listLayerGroups'),
      method: 'GET',
      path: base,
      tag: 'layergroups',
      summary: `List the ${which}`,
      success: ok('LayerGroupList'),
      errors: notFound,
    },
    {
      operationId: id('createLayerGroup'),
      method: 'POST',
      path: base,
      tag: 'layergroups',
      summary: `Create a layer group among the ${which}`,
      description:
        'Members are layers and other groups (400 naming the cycle when a group would contain itself); a workspace group may not share a layer’s qualified name (409).',
      query: ['name'],
      body: doc('LayerGroupBody', EXAMPLES.create),
      success: CREATED,
      errors: [...BODY_ERRORS, 404, 409],
    },
    {
      operationId: id('getLayerGroup'),
      method: 'GET',
      path: `${base}/{group}`,
      tag: 'layergroups',
      summary: 'Read a layer group: its members, their styles and its bounds',
      success: ok('LayerGroup'),
      errors: [404],
    },
    {
      operationId: id('updateLayerGroup'),
      method: 'PUT',
      path: `${base}/{group}`,
      tag: 'layergroups',
      summary: 'Change a layer group (partial merge; members and styles sent replace the stored ones)',
      body: doc('LayerGroupBody', EXAMPLES.update),
      success: DONE,
      errors: [...BODY_ERRORS, 404],
    },
    {
      operationId: id('deleteLayerGroup'),
      method: 'DELETE',
      path: `${base}/{group}`,
      tag: 'layergroups',
      summary: 'Delete a layer group (held by other groups: `?recurse=true`, it leaves them, and a group left empty is deleted and named in the answer)',
      query: ['recurse'],
      success: DONE,
      errors: [404],
    },
  ];
}

export const LAYER_GROUP_OPERATIONS: RestOperation[] = [
  ...groupOperations('/layergroups', 'global'),
  ...groupOperations('/workspaces/{ws}/layergroups', 'workspace'),
];
