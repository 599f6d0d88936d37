import { describe, expect, it } from 'vitest';
import { parseSettings, settingsBody, settingsPath } from './settings';

describe('settings representations', () => {
  it('reads the global settings under global.settings, leaving nested objects out', () => {
    const body = {
      global: {
        settings: { proxyBaseUrl: 'https://maps.example.org/geoserver', numDecimals: 8, verbose: false, contact: { contactPerson: 'Ada' } },
        updateSequence: 3,
      },
    };
    expect(parseSettings({ kind: 'global' }, body)).toEqual({ proxyBaseUrl: 'https://maps.example.org/geoserver', numDecimals: 8, verbose: false });
  });

  it('reads WMS lists as GeoServer writes them: an array, a lone value, or nothing', () => {
    expect(parseSettings({ kind: 'wms', workspace: null }, { wms: { title: 'Maps', keywords: { string: ['a', 'b'] }, srs: { string: '4326' } } })).toEqual({
      title: 'Maps',
      keywords: ['a', 'b'],
      srs: ['4326'],
    });
    expect(parseSettings({ kind: 'wms', workspace: 'acme' }, { wms: { enabled: true } })).toEqual({ enabled: true, keywords: [], srs: [] });
  });

  it('refuses a body without its root', () => {
    expect(() => parseSettings({ kind: 'contact' }, { settings: {} })).toThrow(/contact/);
  });

  it('writes each kind under its root, lists as {"string": [...]}', () => {
    expect(settingsBody({ kind: 'global' }, { proxyBaseUrl: '' })).toEqual({ global: { settings: { proxyBaseUrl: '' } } });
    expect(settingsBody({ kind: 'contact' }, { contactPerson: 'Ada' })).toEqual({ contact: { contactPerson: 'Ada' } });
    expect(settingsBody({ kind: 'wms', workspace: null }, { srs: ['4326', '3857'] })).toEqual({ wms: { srs: { string: ['4326', '3857'] } } });
  });

  it('addresses the global and a workspace’s WMS settings', () => {
    expect(settingsPath({ kind: 'wms', workspace: null })).toBe('/services/wms/settings');
    expect(settingsPath({ kind: 'wms', workspace: 'été' })).toBe('/services/wms/workspaces/%C3%A9t%C3%A9/settings');
    expect(settingsPath({ kind: 'contact' })).toBe('/settings/contact');
  });
});
