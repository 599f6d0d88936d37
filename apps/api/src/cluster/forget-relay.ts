import type { AuthChange } from './messages';

/** How long the primary waits for the other workers to drop their caches before it answers anyway. */
export const RELAY_ANSWER_MS = 1_000;

interface Relayed {
  from: number;
  requestId: number;
  waitingFor: Set<number>;
  timer: NodeJS.Timeout;
}

/**
 * Relays a worker's "drop your cached credentials / sessions" to every other worker and answers
 * the asking worker once they all have, so the write that changed a user is answered only after
 * no worker can still accept the old password or session. A worker that does not answer within
 * {@link RELAY_ANSWER_MS} is named in a warning and not waited for (its caches expire by
 * themselves within seconds); a worker that exits is not waited for.
 */
export class ForgetRelay {
  private next = 1;
  private readonly relayed = new Map<number, Relayed>();

  constructor(
    private readonly send: (worker: number, message: { type: 'gc:forget'; id: number; what: AuthChange }) => void,
    private readonly answer: (worker: number, requestId: number) => void,
    private readonly warn: (message: string) => void,
    private readonly answerMs = RELAY_ANSWER_MS,
  ) {}

  /** Worker `from` asked (request `requestId`) that every worker in `others` drop `what`. */
  relay(from: number, requestId: number, what: AuthChange, others: number[]): void {
    if (!others.length) return this.answer(from, requestId);
    const id = this.next++;
    const timer = setTimeout(() => {
      const entry = this.relayed.get(id);
      if (!entry) return;
      this.warn(`Worker(s) ${[...entry.waitingFor].join(', ')} did not confirm dropping cached ${what} within ${this.answerMs} ms`);
      this.finish(id);
    }, this.answerMs);
    this.relayed.set(id, { from, requestId, waitingFor: new Set(others), timer });
    for (const worker of others) this.send(worker, { type: 'gc:forget', id, what });
  }

  /** Worker `worker` dropped what relay `id` asked. */
  confirmed(worker: number, id: number): void {
    const entry = this.relayed.get(id);
    if (!entry) return;
    entry.waitingFor.delete(worker);
    if (!entry.waitingFor.size) this.finish(id);
  }

  /** Worker `worker` exited: nobody waits for it any more (and nobody answers it). */
  workerGone(worker: number): void {
    for (const [id, entry] of this.relayed) {
      if (entry.from === worker) {
        clearTimeout(entry.timer);
        this.relayed.delete(id);
      } else {
        this.confirmed(worker, id);
      }
    }
  }

  private finish(id: number): void {
    const entry = this.relayed.get(id)!;
    clearTimeout(entry.timer);
    this.relayed.delete(id);
    this.answer(entry.from, entry.requestId);
  }
}
