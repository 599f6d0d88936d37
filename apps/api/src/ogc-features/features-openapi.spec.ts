import { openApiDocument } from './features-openapi';
import { MAX_LIMIT, QUERY_PARAMETERS, Resource } from './features-params';

type Doc = {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, { get: { parameters: Array<{ $ref: string }> } }>;
  components: Record<string, Record<string, unknown>>;
};

const doc = openApiDocument('http://h/geoserver/ogc/features/v1') as Doc;

const PATH_OF: Record<Resource, string> = {
  landing: '/',
  conformance: '/conformance',
  api: '/api',
  collections: '/collections',
  collection: '/collections/{collectionId}',
  items: '/collections/{collectionId}/items',
  item: '/collections/{collectionId}/items/{featureId}',
  queryables: '/collections/{collectionId}/queryables',
};

function resolve(ref: string): { name: string; in: string; schema: Record<string, unknown> } {
  const [, , kind, name] = ref.split('/');
  const found = doc.components[kind]?.[name];
  if (!found) throw new Error(`unresolved ${ref}`);
  return found as { name: string; in: string; schema: Record<string, unknown> };
}

describe('openApiDocument', () => {
  it('is OpenAPI 3.0 for this server', () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.servers).toEqual([{ url: 'http://h/geoserver/ogc/features/v1' }]);
  });

  it.each(Object.keys(PATH_OF) as Resource[])('declares exactly the query parameters %s accepts', (resource) => {
    const parameters = doc.paths[PATH_OF[resource]].get.parameters.map((p) => resolve(p.$ref));
    expect(
      parameters
        .filter((p) => p.in === 'query')
        .map((p) => p.name)
        .sort(),
    ).toEqual([...QUERY_PARAMETERS[resource]].sort());
  });

  it('gives limit its bounds and bbox its form, as OGC clients read them', () => {
    expect(resolve('#/components/parameters/limit').schema).toEqual({ type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: 100 });
    expect(resolve('#/components/parameters/bbox')).toMatchObject({ style: 'form', explode: false, schema: { type: 'array', minItems: 4, maxItems: 6 } });
  });

  it('has every $ref resolvable', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(20);
    for (const r of refs) expect(() => resolve(JSON.parse(`{${r}}`).$ref)).not.toThrow();
  });
});
