import { describe, expect, it } from 'vitest';
import { serviceLocationFor } from './service-location';

describe('serviceLocationFor', () => {
  it.each([
    ['/geoserver/web/', '/geoserver/web', '/geoserver/rest'],
    ['/geoserver/web', '/geoserver/web', '/geoserver/rest'],
    ['/geoserver/web/workspaces', '/geoserver/web', '/geoserver/rest'],
    ['/maps/gs/web/sign-in', '/maps/gs/web', '/maps/gs/rest'],
    ['/web/workspaces', '/web', '/rest'],
    // A workspace named "web" in a console path does not move the base.
    ['/geoserver/web/workspaces/web/', '/geoserver/web', '/geoserver/rest'],
  ])('%s → console %s, REST %s', (pathname, appBase, restBase) => {
    expect(serviceLocationFor(pathname)).toEqual({ appBase, restBase });
  });

  it('falls back to /geoserver outside a web segment', () => {
    expect(serviceLocationFor('/')).toEqual({ appBase: '/geoserver/web', restBase: '/geoserver/rest' });
  });
});
