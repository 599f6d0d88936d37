import { describe, expect, it } from 'vitest';
import { previewMode } from './preview-mode';

describe('previewMode', () => {
  it('loads features up to the threshold and draws tiles above it, and waits while that is not known', () => {
    expect(previewMode(false)).toBe('features');
    expect(previewMode(true)).toBe('tiles');
    expect(previewMode(undefined)).toBeUndefined();
  });
});
