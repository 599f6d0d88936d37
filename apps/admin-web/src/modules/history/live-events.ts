import { parseChangeEvent, type ChangeEvent } from '../../api';

/** What {@link subscribeToChanges} needs of the browser's `EventSource`. */
export interface ChangeSource {
  addEventListener(type: 'change', listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

/** Opens an event stream (the browser's `EventSource`; tests pass their own). */
export type OpenChangeSource = (url: string) => ChangeSource;

const openEventSource: OpenChangeSource = (url) => new EventSource(url);

/**
 * Follows `GET /rest/events` (same origin: the session cookie signs it in) and calls `onChange`
 * with each `change` event. Reconnecting is the EventSource's own: it resends `Last-Event-ID`,
 * and the server replays what was missed. An event that cannot be read is left out. Returns the
 * function that closes the stream.
 */
export function subscribeToChanges(url: string, onChange: (change: ChangeEvent) => void, open: OpenChangeSource = openEventSource): () => void {
  const source = open(url);
  source.addEventListener('change', (event) => {
    let change: ChangeEvent;
    try {
      change = parseChangeEvent(JSON.parse(event.data));
    } catch {
      return;
    }
    onChange(change);
  });
  return () => source.close();
}
