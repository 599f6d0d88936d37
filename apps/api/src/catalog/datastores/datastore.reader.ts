import { CatalogError } from '@geocatalog/catalog-model';
import { BodyNode, boolOf, child, textOf } from '../../rest/body-node';

/** Fields of a `<dataStore>` body; absent fields are undefined (PUT merges). */
export interface DataStoreInput {
  name?: string;
  description?: string;
  type?: string;
  enabled?: boolean;
  workspace?: string;
  disableOnConnFailure?: boolean;
  connectionParameters?: Array<[string, string]>;
}

/**
 * Reads a data store body. `connectionParameters` may be written as `<host>x</host>`,
 * `<host><string>x</string></host>`, `<entry key="host">x</entry>`,
 * `<entry><string>host</string><string>x</string></entry>`, or the JSON equivalents.
 */
export function readDataStore(node: BodyNode): DataStoreInput {
  const params = child(node, 'connectionParameters');
  const ws = child(node, 'workspace');
  return {
    name: textOf(node, 'name')?.trim(),
    description: textOf(node, 'description'),
    type: textOf(node, 'type')?.trim() || undefined,
    enabled: boolOf(node, 'enabled'),
    workspace: ws ? ws.text?.trim() || textOf(ws, 'name')?.trim() : undefined,
    disableOnConnFailure: boolOf(node, 'disableOnConnFailure'),
    connectionParameters: params ? readParameters(params) : undefined,
  };
}

function readParameters(params: BodyNode): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const p of params.children) {
    if (p.name.toLowerCase() === 'entry') {
      if (p.attrs.key !== undefined) {
        pairs.push([p.attrs.key, p.text ?? textOf(p, 'string') ?? '']);
      } else {
        const strings = p.children.filter((c) => c.name === 'string');
        if (strings.length !== 2) throw new CatalogError('INVALID_VALUE', 'A connectionParameters entry needs a key and a value');
        pairs.push([strings[0].text ?? '', strings[1].text ?? '']);
      }
    } else {
      pairs.push([p.name, p.text ?? textOf(p, 'string') ?? '']);
    }
  }
  return pairs;
}
