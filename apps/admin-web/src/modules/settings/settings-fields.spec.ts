import { describe, expect, it } from 'vitest';
import { draftOf, GLOBAL_FIELDS, problemsOf, valuesOf, WMS_FIELDS } from './settings-fields';

describe('settings fields', () => {
  it('checks the proxy base URL as the server does; empty clears it', () => {
    const draft = draftOf(GLOBAL_FIELDS, { numDecimals: 8 });
    for (const bad of ['javascript:alert(1)', 'https://evil.example/x?y=1', 'maps.example.org']) {
      expect(problemsOf(GLOBAL_FIELDS, { ...draft, proxyBaseUrl: bad }).get('proxyBaseUrl')).toMatch(/absolute http or https URL/);
    }
    expect(problemsOf(GLOBAL_FIELDS, { ...draft, proxyBaseUrl: 'https://maps.example.org/geoserver' }).size).toBe(0);
    expect(valuesOf(GLOBAL_FIELDS, { ...draft, proxyBaseUrl: '  ' }).proxyBaseUrl).toBe('');
  });

  it('takes whole numbers in range only', () => {
    const draft = draftOf(GLOBAL_FIELDS, { numDecimals: 8 });
    expect(problemsOf(GLOBAL_FIELDS, { ...draft, numDecimals: '18' }).get('numDecimals')).toBe('Enter a whole number from 0 to 17.');
    expect(problemsOf(GLOBAL_FIELDS, { ...draft, numDecimals: '2.5' }).has('numDecimals')).toBe(true);
    expect(valuesOf(GLOBAL_FIELDS, { ...draft, numDecimals: ' 5 ' }).numDecimals).toBe(5);
  });

  it('shows lists separated by commas and sends them split', () => {
    const draft = draftOf(WMS_FIELDS, { enabled: true, srs: ['4326', '3857'], maxRequestMemory: 0, maxRenderingTime: 0, maxRenderingErrors: 0 });
    expect(draft.srs).toBe('4326, 3857');
    expect(draft.enabled).toBe(true);
    expect(valuesOf(WMS_FIELDS, { ...draft, srs: '4326,, 2154 ' }).srs).toEqual(['4326', '2154']);
  });
});
