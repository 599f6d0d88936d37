import { describe, expect, it } from 'vitest';
import { drawModeOf, previewMode } from './preview-mode';

describe('previewMode', () => {
  it('loads features up to the threshold and draws tiles above it, and waits while that is not known', () => {
    expect(previewMode(false)).toBe('features');
    expect(previewMode(true)).toBe('tiles');
    expect(previewMode(undefined)).toBeUndefined();
  });
});

describe('drawModeOf', () => {
  it('asks the WMS unless the link says client', () => {
    expect(drawModeOf(null)).toBe('wms');
    expect(drawModeOf('wms')).toBe('wms');
    expect(drawModeOf('nonsense')).toBe('wms');
    expect(drawModeOf('client')).toBe('client');
  });
});
