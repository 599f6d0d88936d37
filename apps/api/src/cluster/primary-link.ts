import cluster from 'node:cluster';
import { AuthChange, isClusterMessage, PrimaryMessage, RefusalsMessage, ReplyMessage, WorkerMessage, WorkerRequest } from './messages';

/** How long a worker waits for the primary's answer before it gives up on it. */
export const PRIMARY_ANSWER_MS = 2_000;

/** The worker's end of the IPC channel: `process` in a cluster worker, a fake in unit tests. */
export interface Channel {
  send(message: WorkerMessage, callback: (err: Error | null) => void): void;
  on(event: 'message', listener: (message: unknown) => void): void;
}

/** The primary did not answer in time, or the channel to it is closed. */
export class PrimaryUnreachable extends Error {}

/**
 * A cluster worker's line to its primary: requests with an answer ({@link ask}, given up after
 * {@link PRIMARY_ANSWER_MS}: callers then refuse rather than allow), notes without one
 * ({@link tell}), the primary's requests to drop caches ({@link onForget}) and its sign-in
 * refusals ({@link onRefusals}).
 */
export class PrimaryLink {
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (reply: ReplyMessage) => void; reject: (err: Error) => void; timer: NodeJS.Timeout }>();
  private forget: (what: AuthChange) => void | Promise<void> = () => undefined;
  private readonly refusals = new Set<(message: RefusalsMessage) => void>();

  constructor(
    private readonly channel: Channel,
    private readonly answerMs = PRIMARY_ANSWER_MS,
  ) {
    channel.on('message', (message) => {
      if (isClusterMessage(message)) this.received(message as PrimaryMessage);
    });
  }

  /** Sends `request` and resolves with the primary's answer; rejects with {@link PrimaryUnreachable}. */
  ask(request: WorkerRequest): Promise<ReplyMessage> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.settle(id)?.reject(new PrimaryUnreachable(`the primary process did not answer within ${this.answerMs} ms`)),
        this.answerMs,
      );
      this.waiting.set(id, { resolve, reject, timer });
      this.post({ ...request, id } as WorkerMessage, (err) =>
        this.settle(id)?.reject(new PrimaryUnreachable(`the primary process cannot be reached: ${err.message}`)),
      );
    });
  }

  /** Sends a message that has no answer (lost if the primary is gone). */
  tell(message: WorkerMessage): void {
    this.post(message, () => undefined);
  }

  /** `drop` is called when the primary relays another worker's change; the primary is answered when it is done. */
  onForget(drop: (what: AuthChange) => void | Promise<void>): void {
    this.forget = drop;
  }

  /** `heard` is called with every {@link RefusalsMessage} of the primary (none are kept for later). */
  onRefusals(heard: (message: RefusalsMessage) => void): void {
    this.refusals.add(heard);
  }

  private received(message: PrimaryMessage): void {
    if (message.type === 'gc:refusals') {
      for (const heard of this.refusals) heard(message);
    } else if (message.type === 'gc:reply') {
      this.settle(message.id)?.resolve(message);
    } else if (message.type === 'gc:forget') {
      // Answered even when the drop failed: the primary must not wait for what will not come.
      void Promise.resolve()
        .then(() => this.forget(message.what))
        .catch(() => undefined)
        .finally(() => this.tell({ type: 'gc:forgotten', id: message.id }));
    }
  }

  private settle(id: number) {
    const entry = this.waiting.get(id);
    if (!entry) return undefined;
    this.waiting.delete(id);
    clearTimeout(entry.timer);
    return entry;
  }

  private post(message: WorkerMessage, failed: (err: Error) => void): void {
    try {
      this.channel.send(message, (err) => {
        if (err) failed(err);
      });
    } catch (err) {
      failed(err as Error);
    }
  }
}

let link: PrimaryLink | undefined;

/**
 * This process's line to its primary when it is a cluster worker, else undefined. One per process,
 * made at the first call (the worker's start calls it first, so the primary's requests to drop
 * caches are answered even before the caches exist).
 */
export function primaryLink(): PrimaryLink | undefined {
  if (!cluster.isWorker) return undefined;
  link ??= new PrimaryLink({
    send: (message, callback) => process.send!(message, undefined, undefined, callback),
    on: (event, listener) => process.on(event, listener),
  });
  return link;
}
