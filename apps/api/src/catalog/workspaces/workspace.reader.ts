import { BodyNode, boolOf, textOf } from '../../rest/body-node';
import { WorkspaceInput } from './workspace.service';

/** Fields of a `<workspace>` body. */
export function readWorkspace(node: BodyNode): WorkspaceInput {
  return { name: textOf(node, 'name')?.trim(), isolated: boolOf(node, 'isolated') };
}

/** Fields of a `<namespace>` body (prefix = workspace name). */
export function readNamespace(node: BodyNode): WorkspaceInput {
  return {
    name: textOf(node, 'prefix')?.trim() ?? textOf(node, 'name')?.trim(),
    namespaceUri: textOf(node, 'uri')?.trim(),
    isolated: boolOf(node, 'isolated'),
  };
}
