import { useState } from 'react';

/**
 * What a control that saves at once shows: the value set in the click itself, until `source` (the
 * data the control reflects: a row, a list) is replaced by a new reading; then `stored`, from it.
 *
 * A controlled checkbox shows its prop again as soon as its change handler returns; a cache update
 * reaches the page a task later, so without this the box springs back for a moment (and a test
 * that checks it right after the click sees it unchanged). A refusal comes back as a new reading
 * of the data, so the control then shows what the server holds.
 */
export function useClickedValue<T>(stored: T, source: object): [T, (value: T) => void] {
  const [clicked, setClicked] = useState<{ source: object; value: T } | null>(null);
  const shown = clicked !== null && clicked.source === source ? clicked.value : stored;
  return [shown, (value) => setClicked({ source, value })];
}
