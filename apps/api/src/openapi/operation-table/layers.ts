import { EXAMPLES } from '../examples';
import { BODY_ERRORS, CREATED, doc, DONE, ok, RestOperation } from './model';

/** Layer item operations, the same as `/layers/{ws:name}` and `/workspaces/{ws}/layers/{name}`. */
function layerOperations(path: string, scope: 'global' | 'workspace'): RestOperation[] {
  const id = (verb: string) => `${verb}${scope === 'global' ? '' : 'InWorkspace'}`;
  const examples = scope === 'workspace' ? { layer: 'roads' } : undefined;
  return [
    { operationId: id('getLayer'), method: 'GET', path, tag: 'layers', summary: 'Read a layer', success: ok('Layer'), errors: [404], examples },
    {
      operationId: id('updateLayer'),
      method: 'PUT',
      path,
      tag: 'layers',
      summary: 'Change a layer (partial merge): default style, alternate styles, flags, attribution; a new name renames its feature type',
      body: doc('LayerBody', EXAMPLES.layerUpdate),
      success: DONE,
      errors: [...BODY_ERRORS, 404, 409],
      examples,
    },
    {
      operationId: id('deleteLayer'),
      method: 'DELETE',
      path,
      tag: 'layers',
      summary: 'Delete a layer (`?recurse=true` deletes its feature type too)',
      query: ['recurse'],
      success: DONE,
      errors: [404],
      examples,
    },
  ];
}

export const LAYER_OPERATIONS: RestOperation[] = [
  { operationId: 'listLayers', method: 'GET', path: '/layers', tag: 'layers', summary: 'List every layer (`ws:name`)', success: ok('LayerList'), errors: [] },
  {
    operationId: 'listLayersInWorkspace',
    method: 'GET',
    path: '/workspaces/{ws}/layers',
    tag: 'layers',
    summary: 'List the layers of a workspace (bare names; an unknown workspace lists nothing, as in GeoServer)',
    success: ok('LayerList'),
    errors: [],
  },
  ...layerOperations('/layers/{layer}', 'global'),
  ...layerOperations('/workspaces/{ws}/layers/{layer}', 'workspace'),
  {
    operationId: 'listLayerStyles',
    method: 'GET',
    path: '/layers/{layer}/styles',
    tag: 'layers',
    summary: 'List a layer’s alternate styles',
    success: ok('LayerStyleList'),
    errors: [404],
  },
  {
    operationId: 'addLayerStyle',
    method: 'POST',
    path: '/layers/{layer}/styles',
    tag: 'layers',
    summary: 'Add an existing style to a layer’s alternate styles (`?default=true`: and make it the default)',
    description: 'The body names the style (`<style><name>…</name><workspace>…</workspace></style>`, or the whole style record as read), or `?name=` does.',
    query: ['default', 'name'],
    body: doc('StyleBody', EXAMPLES.layerStyle),
    success: CREATED,
    errors: [...BODY_ERRORS, 404],
  },
];
