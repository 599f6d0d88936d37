import { normalisedTarget } from './request-target';

describe('normalisedTarget', () => {
  it.each([
    // Already normal: the same string back (the hot path).
    ['/geoserver/rest/workspaces.json', '/geoserver/rest/workspaces.json'],
    ['/geoserver/rest/workspaces/x?dryRun=true', '/geoserver/rest/workspaces/x?dryRun=true'],
    ['/geoserver/web/', '/geoserver/web/'],
    ['/', '/'],
    ['/geoserver/rest/styles/a.b.sld', '/geoserver/rest/styles/a.b.sld'],
    // Doubled slashes, anywhere in the path, but never in the query.
    ['//geoserver/rest/workspaces/x', '/geoserver/rest/workspaces/x'],
    ['/geoserver//rest/workspaces/x?dryRun=true', '/geoserver/rest/workspaces/x?dryRun=true'],
    ['/geoserver/rest//workspaces', '/geoserver/rest/workspaces'],
    ['/geoserver/rest/workspaces///x//', '/geoserver/rest/workspaces/x/'],
    ['/geoserver/rest/workspaces?url=http://a//b/./c', '/geoserver/rest/workspaces?url=http://a//b/./c'],
    // Dot segments, plain and percent-encoded; `..` never above the root.
    ['/geoserver/rest/./workspaces/x', '/geoserver/rest/workspaces/x'],
    ['/geoserver/./rest/workspaces', '/geoserver/rest/workspaces'],
    ['/geoserver/rest/foo/../workspaces/x?dryRun=true', '/geoserver/rest/workspaces/x?dryRun=true'],
    ['/geoserver/rest/%2e/workspaces/%2E%2e/workspaces', '/geoserver/rest/workspaces'],
    ['/geoserver/rest/../web/', '/geoserver/web/'],
    ['/geoserver/rest/workspaces/..', '/geoserver/rest/'],
    ['/geoserver/rest/workspaces/.', '/geoserver/rest/workspaces/'],
    ['/../../etc/passwd', '/etc/passwd'],
    ['/geoserver/rest/../../../x', '/x'],
    ['/..', '/'],
    // Names that only look like dots stay.
    ['/geoserver/rest/workspaces/...', '/geoserver/rest/workspaces/...'],
    ['/geoserver/rest/workspaces/.x//y', '/geoserver/rest/workspaces/.x/y'],
    ['/geoserver/rest/workspaces/%2e%2e%2e', '/geoserver/rest/workspaces/%2e%2e%2e'],
    // The absolute form keeps only its path and query; a fragment is dropped with what follows.
    ['http://127.0.0.1:8080/geoserver/rest/workspaces/x?dryRun=true', '/geoserver/rest/workspaces/x?dryRun=true'],
    ['HTTPS://user@host/geoserver//rest/x', '/geoserver/rest/x'],
    ['http://host', '/'],
    ['http://host?a=1', '/?a=1'],
    ['/geoserver/rest/workspaces/x#?dryRun=true', '/geoserver/rest/workspaces/x'],
    ['/geoserver/rest/workspaces/x?dryRun=true#frag', '/geoserver/rest/workspaces/x?dryRun=true'],
    // Not a path: left to the router, which matches nothing.
    ['*', '*'],
  ])('%j is %j', (url, expected) => {
    expect(normalisedTarget(url)).toBe(expected);
  });

  it('is idempotent', () => {
    for (const url of ['//a//b/./c/../d/', '/a/%2E%2E/b', 'http://h//x/../y?z=//']) {
      const once = normalisedTarget(url);
      expect(normalisedTarget(once)).toBe(once);
    }
  });
});
