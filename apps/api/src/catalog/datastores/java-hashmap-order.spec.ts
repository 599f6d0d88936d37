import { javaHashMapOrder, javaStringHash } from './java-hashmap-order';

describe('javaHashMapOrder', () => {
  it('computes String.hashCode like Java', () => {
    expect(javaStringHash('')).toBe(0);
    expect(javaStringHash('host')).toBe(3208616);
    expect(javaStringHash('namespace')).toBe(1252218203);
  });

  it('reproduces a real GeoServer connection-parameter order', () => {
    // namespace is added by the server after the client's parameters, so it follows dbtype in their shared bucket.
    const inserted = ['Expose primary keys', 'read_only', 'fetch size', 'Batch insert size', 'database', 'dbtype', 'namespace'];
    expect(javaHashMapOrder(inserted)).toEqual(['Batch insert size', 'database', 'fetch size', 'Expose primary keys', 'read_only', 'dbtype', 'namespace']);
  });

  it('orders the seed data store keys as GeoServer prints them', () => {
    const inserted = ['host', 'port', 'database', 'schema', 'user', 'passwd', 'dbtype', 'namespace'];
    expect(javaHashMapOrder(inserted)).toEqual(['schema', 'database', 'port', 'passwd', 'host', 'dbtype', 'namespace', 'user']);
  });
});
