import { describe, expect, it } from 'vitest';
import { previewMode, TILES_ABOVE_FEATURES } from './preview-mode';

describe('previewMode', () => {
  it('loads features up to the threshold and draws tiles above it', () => {
    expect(previewMode(0)).toBe('features');
    expect(previewMode(56)).toBe('features');
    expect(previewMode(TILES_ABOVE_FEATURES)).toBe('features');
    expect(previewMode(TILES_ABOVE_FEATURES + 1)).toBe('tiles');
    expect(previewMode(1_000_000)).toBe('tiles');
  });

  it('draws tiles when the server gave up counting, and waits while the count is unknown', () => {
    expect(previewMode(null)).toBe('tiles');
    expect(previewMode(undefined)).toBeUndefined();
  });
});
