import { EXAMPLES } from '../examples';
import { BODY_ERRORS, CREATED, doc, DONE, ok, RestOperation } from './model';

/** Feature type operations, the same under a store and under a workspace (its default store). */
function featureTypeOperations(base: string, scope: 'store' | 'workspace'): RestOperation[] {
  const id = (verb: string) => `${verb}${scope === 'store' ? '' : 'InWorkspace'}`;
  const where = scope === 'store' ? 'of a data store' : 'of the workspace’s default (first) data store';
  return [
    {
      operationId: id('listFeatureTypes'),
      method: 'GET',
      path: base,
      tag: 'featuretypes',
      summary: `List the feature types ${where}, or the tables it could publish`,
      query: ['list'],
      success: ok('FeatureTypeList'),
      description: 'With `?list=available|available_with_geom|all` the answer is a TableNameList (the store is connected to).',
      errors: [400, 404, 502],
    },
    {
      operationId: id('createFeatureType'),
      method: 'POST',
      path: base,
      tag: 'featuretypes',
      summary: `Publish a table ${where} as a feature type, with its layer`,
      description:
        'Reads the table: attributes, native CRS, bounding boxes (unless sent). Creates the layer `ws:name` with a default style by geometry (`point`, `line`, `polygon`, `generic`). 404 names the missing table. The table is read before the catalog transaction opens; 409 when the data store changed meanwhile (nothing written).',
      body: doc('FeatureTypeBody', EXAMPLES.featureTypeCreate),
      success: CREATED,
      errors: [...BODY_ERRORS, 404, 409, 502],
    },
    {
      operationId: id('getFeatureType'),
      method: 'GET',
      path: `${base}/{ft}`,
      tag: 'featuretypes',
      summary: 'Read a feature type; its attributes are read live from the table',
      success: ok('FeatureType'),
      errors: [404, 502],
    },
    {
      operationId: id('updateFeatureType'),
      method: 'PUT',
      path: `${base}/{ft}`,
      tag: 'featuretypes',
      summary: 'Change a feature type (partial merge; a new name renames it and its layer)',
      description:
        'What the change needs from the table (a CRS definition, bounds, attributes) is read before the catalog transaction opens; 409 when the feature type or its data store changed meanwhile (nothing written).',
      query: ['recalculate'],
      body: doc('FeatureTypeBody', EXAMPLES.featureTypeUpdate),
      success: DONE,
      errors: [...BODY_ERRORS, 404, 409, 502],
    },
    {
      operationId: id('deleteFeatureType'),
      method: 'DELETE',
      path: `${base}/{ft}`,
      tag: 'featuretypes',
      summary: 'Delete a feature type (with its layer: `?recurse=true`)',
      query: ['recurse'],
      success: DONE,
      errors: [404],
    },
  ];
}

export const FEATURETYPE_OPERATIONS: RestOperation[] = [
  ...featureTypeOperations('/workspaces/{ws}/datastores/{ds}/featuretypes', 'store'),
  ...featureTypeOperations('/workspaces/{ws}/featuretypes', 'workspace'),
];
