import * as http from 'node:http';
import { basicAuth, Credentials } from './http';

/** One server-sent event as received. */
export interface ServerEvent {
  id?: string;
  event?: string;
  data: string;
  /** When it arrived (performance.now()). */
  at: number;
}

/** An open `text/event-stream`, read as it arrives, with node:http so the socket can be paused. */
export interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: ServerEvent[];
  comments: Array<{ text: string; at: number }>;
  /** Resolves with the first event (already received or to come) that `match` accepts. */
  waitFor(match: (e: ServerEvent) => boolean, timeoutMs?: number): Promise<ServerEvent>;
  /** Stops reading from the socket (the server's buffers fill up), or reads again. */
  pause(): void;
  resume(): void;
  /** Resolves when the server closed the stream. */
  closed: Promise<void>;
  close(): void;
}

/** Opens `GET url` as an event stream; resolves once the response headers arrived. */
export function openEventStream(url: string, auth: Credentials | null, headers: Record<string, string> = {}): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const all: Record<string, string> = { accept: 'text/event-stream', ...headers };
    if (auth) all.authorization = basicAuth(auth.user, auth.password);
    const req = http.get(url, { headers: all });
    req.on('error', reject);
    req.on('response', (res) => {
      const events: ServerEvent[] = [];
      const comments: Array<{ text: string; at: number }> = [];
      const waiters: Array<{ match: (e: ServerEvent) => boolean; done: (e: ServerEvent) => void }> = [];
      let buffer = '';
      let closedResolve!: () => void;
      const closed = new Promise<void>((r) => (closedResolve = r));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const at = performance.now();
          const event: ServerEvent = { data: '', at };
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push({ text: line.slice(1).trim(), at });
            else if (line.startsWith('id: ')) {
              event.id = line.slice(4);
              isEvent = true;
            } else if (line.startsWith('event: ')) {
              event.event = line.slice(7);
              isEvent = true;
            } else if (line.startsWith('data: ')) {
              event.data += line.slice(6);
              isEvent = true;
            }
          }
          if (!isEvent) continue;
          events.push(event);
          for (const w of [...waiters]) {
            if (w.match(event)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.done(event);
            }
          }
        }
      });
      res.on('close', () => closedResolve());
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        closed,
        waitFor(match, timeoutMs = 10_000) {
          const seen = events.find(match);
          if (seen) return Promise.resolve(seen);
          return new Promise((ok, fail) => {
            const timer = setTimeout(() => fail(new Error(`no matching event within ${timeoutMs} ms; got ${events.map((e) => e.data).join('\n')}`)), timeoutMs);
            waiters.push({
              match,
              done: (e) => {
                clearTimeout(timer);
                ok(e);
              },
            });
          });
        },
        pause: () => res.pause(),
        resume: () => res.resume(),
        close: () => req.destroy(),
      });
    });
  });
}

/** The JSON of a change event. */
export function changeOf(e: ServerEvent): { seq: number; operation: string; kind: string; resource: string; user: string | null; request: string } {
  return JSON.parse(e.data);
}
