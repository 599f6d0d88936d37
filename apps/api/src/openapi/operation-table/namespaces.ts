import { EXAMPLES } from '../examples';
import { BODY_ERRORS, CREATED, doc, DONE, ok, RestOperation } from './model';

export const NAMESPACE_OPERATIONS: RestOperation[] = [
  {
    operationId: 'listNamespaces',
    method: 'GET',
    path: '/namespaces',
    tag: 'namespaces',
    summary: 'List the namespaces',
    success: ok('NamespaceList'),
    errors: [],
  },
  {
    operationId: 'createNamespace',
    method: 'POST',
    path: '/namespaces',
    tag: 'namespaces',
    summary: 'Create a namespace and its workspace (how gsconfig creates workspaces)',
    query: ['default'],
    body: doc('NamespaceBody', EXAMPLES.namespaceCreate),
    success: CREATED,
    errors: [...BODY_ERRORS, 409],
  },
  {
    operationId: 'getNamespace',
    method: 'GET',
    path: '/namespaces/{prefix}',
    tag: 'namespaces',
    summary: 'Read a namespace',
    success: ok('Namespace'),
    errors: [404],
  },
  {
    operationId: 'updateNamespace',
    method: 'PUT',
    path: '/namespaces/{prefix}',
    tag: 'namespaces',
    summary: 'Change a namespace’s URI or isolation (the prefix cannot change)',
    body: doc('NamespaceBody', EXAMPLES.namespaceUpdate),
    success: DONE,
    errors: [...BODY_ERRORS, 404, 409],
  },
  {
    operationId: 'deleteNamespace',
    method: 'DELETE',
    path: '/namespaces/{prefix}',
    tag: 'namespaces',
    summary: 'Delete a namespace and its workspace (`?recurse=true` when not empty)',
    query: ['recurse'],
    success: DONE,
    errors: [404],
  },
];
