import { describe, expect, it } from 'vitest';
import { basicAuthorization } from './credentials';

describe('basicAuthorization', () => {
  it('encodes user:password in base64 after "Basic "', () => {
    expect(basicAuthorization({ userName: 'admin', password: 'geoserver' })).toBe('Basic YWRtaW46Z2Vvc2VydmVy');
  });

  it('encodes names and passwords outside Latin-1 as UTF-8', () => {
    const header = basicAuthorization({ userName: 'été', password: '地图:pw' });
    const decoded = new TextDecoder().decode(Uint8Array.from(atob(header.slice(6)), (c) => c.charCodeAt(0)));
    expect(decoded).toBe('été:地图:pw');
  });

  it('keeps an empty password', () => {
    expect(basicAuthorization({ userName: 'reader', password: '' })).toBe(`Basic ${btoa('reader:')}`);
  });
});
