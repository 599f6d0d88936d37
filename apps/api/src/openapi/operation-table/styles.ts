import { EXAMPLES } from '../examples';
import { BODY_ERRORS, CREATED, docOrSld, DONE, ok, RestOperation } from './model';

/** Style operations, the same globally and in a workspace. */
function styleOperations(base: string, scope: 'global' | 'workspace'): RestOperation[] {
  const id = (verb: string) => `${verb}${scope === 'global' ? '' : 'InWorkspace'}`;
  const which = scope === 'global' ? 'global styles' : 'styles of a workspace';
  return [
    {
      operationId: id('listStyles'),
      method: 'GET',
      path: base,
      tag: 'styles',
      summary: `List the ${which}`,
      success: ok('StyleList'),
      errors: scope === 'global' ? [] : [404],
    },
    {
      operationId: id('createStyle'),
      method: 'POST',
      path: base,
      tag: 'styles',
      summary: `Create a style among the ${which}: a record (XML/JSON), or a whole SLD document in one step`,
      description:
        'An SLD body is validated (400 `Invalid style: line …, column …: …`) unless `?raw=true`; its name is `?name=`, else the name of its first UserStyle (or NamedLayer).',
      query: ['name', 'raw'],
      body: docOrSld('StyleBody', EXAMPLES.styleCreate),
      success: CREATED,
      errors: [...BODY_ERRORS, 409, ...(scope === 'global' ? [] : [404])],
    },
    {
      operationId: id('getStyle'),
      method: 'GET',
      path: `${base}/{style}`,
      tag: 'styles',
      summary: 'Read a style record, or its SLD document (`.sld`, `?format=sld` or an SLD `Accept`), byte for byte',
      success: { status: 200, schema: 'Style', sld: true },
      errors: [404],
    },
    {
      operationId: id('updateStyle'),
      method: 'PUT',
      path: `${base}/{style}`,
      tag: 'styles',
      summary: 'Upload the style’s SLD document, or change its record (partial merge; renames allowed but for the default styles)',
      query: ['raw'],
      body: docOrSld('StyleBody', EXAMPLES.styleUpdate),
      success: DONE,
      errors: [...BODY_ERRORS, 404, 409],
    },
    {
      operationId: id('deleteStyle'),
      method: 'DELETE',
      path: `${base}/{style}`,
      tag: 'styles',
      summary: 'Delete a style (used by layers: `?recurse=true`, they fall back to their geometry’s default style)',
      query: ['recurse', 'purge'],
      success: DONE,
      errors: [404],
    },
  ];
}

export const STYLE_OPERATIONS: RestOperation[] = [...styleOperations('/styles', 'global'), ...styleOperations('/workspaces/{ws}/styles', 'workspace')];
