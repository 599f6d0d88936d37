// @vitest-environment jsdom
// (the drafts live in the browser's localStorage)
import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, readDraft, writeDraft } from './style-drafts';

afterEach(() => localStorage.clear());

describe('style drafts', () => {
  it('keeps a draft per style (workspace styles apart from global ones) until cleared', () => {
    writeDraft({ workspace: 'acme', name: 'blue' }, { text: 'new', base: 'old', savedAt: 1 });
    expect(readDraft({ workspace: 'acme', name: 'blue' })).toEqual({ text: 'new', base: 'old', savedAt: 1 });
    expect(readDraft({ workspace: null, name: 'blue' })).toBeNull();
    clearDraft({ workspace: 'acme', name: 'blue' });
    expect(readDraft({ workspace: 'acme', name: 'blue' })).toBeNull();
  });

  it('treats junk as no draft', () => {
    localStorage.setItem('geocatalog.style-draft.x', '{"text":1}');
    expect(readDraft({ workspace: null, name: 'x' })).toBeNull();
  });
});
