import { qualifiedStyleName, type StyleRef } from '../../api';

/** An unsaved edit of a style, kept in the browser so a reload or a crash does not lose it. */
export interface StyleDraft {
  text: string;
  /** The stored SLD the draft started from: a draft of an older version is not offered silently. */
  base: string;
  savedAt: number;
}

const PREFIX = 'geocatalog.style-draft.';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readDraft(ref: StyleRef, store = storage()): StyleDraft | null {
  try {
    const raw = store?.getItem(PREFIX + qualifiedStyleName(ref));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<StyleDraft>;
    if (typeof draft.text === 'string' && typeof draft.base === 'string' && typeof draft.savedAt === 'number') {
      return { text: draft.text, base: draft.base, savedAt: draft.savedAt };
    }
  } catch {
    // Junk is no draft.
  }
  return null;
}

export function writeDraft(ref: StyleRef, draft: StyleDraft, store = storage()): void {
  try {
    store?.setItem(PREFIX + qualifiedStyleName(ref), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the draft lives in the page only.
  }
}

export function clearDraft(ref: StyleRef, store = storage()): void {
  try {
    store?.removeItem(PREFIX + qualifiedStyleName(ref));
  } catch {
    // Nothing to clear.
  }
}
