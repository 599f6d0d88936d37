import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../api';
import { subscribeToChanges, type ChangeSource } from './live-events';

/** An EventSource stand-in the test drives. */
class FakeSource implements ChangeSource {
  listeners: Array<(event: MessageEvent<string>) => void> = [];
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(_type: 'change', listener: (event: MessageEvent<string>) => void) {
    this.listeners.push(listener);
  }
  close() {
    this.closed = true;
  }
  emit(data: string) {
    for (const listener of this.listeners) listener(new MessageEvent('change', { data }));
  }
}

describe('following the change events', () => {
  it('opens the stream at the URL, hands each change on, leaves out what it cannot read, and closes', () => {
    let source: FakeSource | undefined;
    const seen: ChangeEvent[] = [];
    const close = subscribeToChanges(
      '/geoserver/rest/events',
      (change) => seen.push(change),
      (url) => (source = new FakeSource(url)),
    );
    expect(source?.url).toBe('/geoserver/rest/events');
    source!.emit('{"seq":3,"time":"t","user":"ann","operation":"create","kind":"workspace","resource":"/workspaces/w","request":"r"}');
    source!.emit('not json');
    source!.emit('{"seq":4,"operation":"explode","resource":"/workspaces/w"}');
    expect(seen).toEqual([{ seq: 3, time: 't', user: 'ann', operation: 'create', kind: 'workspace', resource: '/workspaces/w', request: 'r' }]);
    expect(source!.closed).toBe(false);
    close();
    expect(source!.closed).toBe(true);
  });
});
