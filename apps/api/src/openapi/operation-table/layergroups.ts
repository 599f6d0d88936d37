/**
 * Layer groups in the OpenAPI document (contract §10): operations and example bodies (schemas in
 * `layergroup-schemas.ts`). Examples name the group `roads_group` holding the layer `acme:roads`.
 */
import type { BodyExample } from '../examples';
import { BODY_ERRORS, CREATED, doc, DONE, ok, RestOperation } from './model';

const EXAMPLES = {
  create: {
    xml: '<layerGroup><name>roads_group</name><mode>SINGLE</mode><publishables><published type="layer">acme:roads</published></publishables></layerGroup>',
    json: { layerGroup: { name: 'roads_group', mode: 'SINGLE', publishables: { published: [{ '@type': 'layer', name: 'acme:roads' }] } } },
  },
  update: { xml: '<layerGroup><title>Roads</title></layerGroup>', json: { layerGroup: { title: 'Roads' } } },
} satisfies Record<string, BodyExample>;

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
