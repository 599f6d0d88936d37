import { CatalogError } from '@geocatalog/catalog-model';
import { EventEmitter } from 'node:events';
import { isRefusal, LoginThrottle, SignInAttempt, SignInRefusal } from '../auth/login-throttle';
import { ClusterSignInLimits } from './cluster-sign-in-limits';
import { ForgetRelay } from './forget-relay';
import { isClusterMessage, PrimaryMessage, WorkerMessage } from './messages';
import { Channel, PrimaryLink, PrimaryUnreachable } from './primary-link';
import { SignInLimitsOwner } from './sign-in-limits-owner';

/**
 * A primary and its workers wired by in-memory channels that deliver asynchronously, as IPC does:
 * the real links, limits owner and relay, with the primary's dispatch as in primary.ts.
 */
class FakeCluster {
  readonly owner: SignInLimitsOwner;
  readonly links = new Map<number, PrimaryLink>();
  private readonly toWorker = new Map<number, EventEmitter>();
  readonly relay: ForgetRelay;
  readonly warnings: string[] = [];
  /** Every message the primary heard, in order. */
  readonly heard: WorkerMessage[] = [];
  /** While true, the primary hears nothing (stopped, wedged). */
  deaf = false;
  /** Workers that ignore the primary's messages. */
  readonly stuck = new Set<number>();

  constructor(throttle = new LoginThrottle({ perUserAndAddress: 3, perAddress: 5, windowMs: 60_000 })) {
    this.owner = new SignInLimitsOwner(throttle, 60_000, Date.now, (entries) => this.toEveryWorker({ type: 'gc:refusals', entries }));
    this.relay = new ForgetRelay(
      (worker, message) => this.deliver(worker, message),
      (worker, id) => this.deliver(worker, { type: 'gc:reply', id }),
      (m) => this.warnings.push(m),
      50,
    );
  }

  worker(id: number, answerMs = 100): PrimaryLink {
    const inbox = new EventEmitter();
    this.toWorker.set(id, inbox);
    const channel: Channel = {
      send: (message, callback) => {
        setImmediate(() => {
          if (!this.deaf) this.primaryHeard(id, message);
          callback(null);
        });
      },
      on: (event, listener) => inbox.on(event, listener),
    };
    const link = new PrimaryLink(channel, answerMs);
    this.links.set(id, link);
    return link;
  }

  gone(id: number): void {
    this.toWorker.delete(id);
    this.owner.workerGone(id);
    this.relay.workerGone(id);
  }

  /** What the primary sends every HEARTBEAT_MS. */
  heartbeat(): void {
    this.toEveryWorker({ type: 'gc:refusals', entries: [] });
  }

  private toEveryWorker(message: PrimaryMessage): void {
    for (const worker of this.toWorker.keys()) this.deliver(worker, message);
  }

  private deliver(worker: number, message: PrimaryMessage): void {
    const inbox = this.toWorker.get(worker);
    if (inbox && !this.stuck.has(worker)) setImmediate(() => inbox.emit('message', message));
  }

  private primaryHeard(worker: number, message: WorkerMessage): void {
    if (!isClusterMessage(message)) return;
    this.heard.push(message);
    if (message.type === 'gc:sign-in') this.deliver(worker, this.owner.answer(worker, message));
    else if (message.type === 'gc:sign-in-checks') this.deliver(worker, this.owner.checks(message));
    else if (message.type === 'gc:refusals-sync') this.deliver(worker, { type: 'gc:refusals', entries: this.owner.refusals(), full: true });
    else if (message.type === 'gc:sign-in-outcome') this.owner.ended(worker, message);
    else if (message.type === 'gc:forget')
      this.relay.relay(
        worker,
        message.id,
        message.what,
        [...this.toWorker.keys()].filter((w) => w !== worker),
      );
    else if (message.type === 'gc:forgotten') this.relay.confirmed(worker, message.id);
  }
}

/** Resolves once `done()` holds (checked at every turn of the event loop). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setImmediate(r));
}

/** A few turns of the event loop: what is on its way between the fake processes has arrived. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
}

async function fail(limits: ClusterSignInLimits, user: string, address: string): Promise<SignInRefusal | 'counted'> {
  const attempt = await limits.begin(user, address);
  if (isRefusal(attempt)) return attempt;
  attempt.failed();
  return 'counted';
}

describe('sign-in limits across workers (primary owns the count)', () => {
  it('failures spread over two workers are refused at the same count as in one process', async () => {
    const cluster = new FakeCluster();
    const a = new ClusterSignInLimits(cluster.worker(1));
    const b = new ClusterSignInLimits(cluster.worker(2));
    expect(await fail(a, 'admin', '10.0.0.1')).toBe('counted');
    expect(await fail(b, 'admin', '10.0.0.1')).toBe('counted');
    expect(await fail(a, 'admin', '10.0.0.1')).toBe('counted');
    // The fourth, on either worker, is refused before any hash, with the time to wait.
    expect(await fail(b, 'admin', '10.0.0.1')).toEqual({ retryAfterSeconds: 60 });
    expect(await a.refusalFor('admin', '10.0.0.1')).toEqual({ retryAfterSeconds: 60 });
    // Another address is not affected.
    expect(await b.refusalFor('admin', '10.0.0.2')).toBeUndefined();
  });

  it('counts attempts when they start: parallel guesses through both workers get at most the limit', async () => {
    const cluster = new FakeCluster();
    const workers = [new ClusterSignInLimits(cluster.worker(1)), new ClusterSignInLimits(cluster.worker(2))];
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => workers[i % 2].begin('admin', '10.0.0.1')));
    expect(outcomes.filter((o) => !isRefusal(o))).toHaveLength(3);
  });

  it('a success through one worker forgets the failures counted through the other', async () => {
    const cluster = new FakeCluster();
    const a = new ClusterSignInLimits(cluster.worker(1));
    const b = new ClusterSignInLimits(cluster.worker(2));
    await fail(a, 'admin', '10.0.0.1');
    await fail(a, 'admin', '10.0.0.1');
    const right = (await b.begin('admin', '10.0.0.1')) as SignInAttempt;
    right.succeeded();
    await new Promise((r) => setImmediate(r));
    for (let i = 0; i < 3; i++) expect(await fail(a, 'admin', '10.0.0.1')).toBe('counted');
  });

  it('a worker that dies mid-check leaves its attempts counted (a crash gives no slot back)', async () => {
    const cluster = new FakeCluster();
    const a = new ClusterSignInLimits(cluster.worker(1));
    const b = new ClusterSignInLimits(cluster.worker(2));
    for (let i = 0; i < 3; i++) expect(isRefusal(await a.begin('admin', '10.0.0.1'))).toBe(false);
    cluster.gone(1);
    expect(cluster.owner.pending).toBe(0);
    expect(await b.refusalFor('admin', '10.0.0.1')).toEqual({ retryAfterSeconds: 60 });
  });

  it('only the worker that began an attempt may report its outcome', async () => {
    const cluster = new FakeCluster();
    const link = cluster.worker(1);
    cluster.worker(2);
    for (let i = 0; i < 3; i++) await new ClusterSignInLimits(link).begin('admin', '10.0.0.1');
    // Worker 2 claims worker 1's attempts succeeded: ignored, the slots stay.
    for (let attempt = 1; attempt <= 3; attempt++) cluster.owner.ended(2, { type: 'gc:sign-in-outcome', attempt, outcome: 'succeeded' });
    expect(cluster.owner.pending).toBe(3);
    expect(await new ClusterSignInLimits(link).refusalFor('admin', '10.0.0.1')).toEqual({ retryAfterSeconds: 60 });
  });

  it("checks against its copy of the primary's refusals: no message per check, and failures through another worker are seen at once", async () => {
    const cluster = new FakeCluster();
    const a = new ClusterSignInLimits(cluster.worker(1));
    const b = new ClusterSignInLimits(cluster.worker(2));
    await settle();
    for (let i = 0; i < 3; i++) expect(await fail(b, 'admin', '10.0.0.1')).toBe('counted');
    await settle();
    cluster.heard.length = 0;
    expect(await a.refusalFor('admin', '10.0.0.1')).toEqual({ retryAfterSeconds: 60 });
    expect(await a.refusalFor('ADMIN', '10.0.0.1')).toBeUndefined(); // the caller passes the case-insensitive key
    expect(await a.refusalFor('admin', '10.0.0.2')).toBeUndefined();
    expect(await b.refusalFor('admin', '10.0.0.1')).toEqual({ retryAfterSeconds: 60 });
    // A worker started now gets the refusals in force.
    const c = new ClusterSignInLimits(cluster.worker(3));
    await settle();
    expect(await c.refusalFor('admin', '10.0.0.1')).toEqual({ retryAfterSeconds: 60 });
    expect(cluster.heard.filter((m) => m.type !== 'gc:refusals-sync')).toEqual([]);
  });

  it('a success through one worker ends the refusal it made in the copies of the others', async () => {
    const cluster = new FakeCluster(new LoginThrottle({ perUserAndAddress: 3, perAddress: 3, windowMs: 60_000 }));
    const a = new ClusterSignInLimits(cluster.worker(1));
    const b = new ClusterSignInLimits(cluster.worker(2));
    await settle();
    const pending = (await b.begin('admin', '10.0.0.1')) as SignInAttempt;
    expect(await fail(b, 'other', '10.0.0.1')).toBe('counted');
    expect(await fail(b, 'other', '10.0.0.1')).toBe('counted');
    await settle();
    expect(await a.refusalFor('third', '10.0.0.1')).toEqual({ retryAfterSeconds: 60 }); // the address is full
    pending.succeeded();
    await settle();
    expect(await a.refusalFor('third', '10.0.0.1')).toBeUndefined();
  });

  it('a worker that has not heard from the primary for its lease asks it, and refuses when it does not answer', async () => {
    const cluster = new FakeCluster();
    const a = new ClusterSignInLimits(cluster.worker(1, 30), 60);
    await settle();
    cluster.deaf = true;
    cluster.stuck.add(1);
    expect(await a.refusalFor('admin', '10.0.0.1')).toBeUndefined(); // heard from a moment ago
    await new Promise((r) => setTimeout(r, 70));
    await expect(a.refusalFor('admin', '10.0.0.1')).rejects.toThrow(
      'Sign-in refused: the sign-in limits could not be checked (the primary process did not answer within 30 ms); try again',
    );
    cluster.deaf = false;
    cluster.stuck.delete(1);
    cluster.heartbeat();
    await settle();
    cluster.heard.length = 0;
    expect(await a.refusalFor('admin', '10.0.0.1')).toBeUndefined();
    expect(cluster.heard).toEqual([]);
  });

  it('without a copy to trust, sends the checks made together as one message, and a check made meanwhile in the next', async () => {
    const cluster = new FakeCluster();
    const a = new ClusterSignInLimits(cluster.worker(1), 0);
    await fail(a, 'admin', '10.0.0.1');
    await fail(a, 'admin', '10.0.0.1');
    await fail(a, 'admin', '10.0.0.1');
    await until(() => cluster.heard.filter((m) => m.type === 'gc:sign-in-outcome').length === 3);
    cluster.heard.length = 0;
    const first = [a.refusalFor('admin', '10.0.0.1'), a.refusalFor('admin', '10.0.0.2'), a.refusalFor('other', '10.0.0.1')];
    // Made once the first batch is on its way: answered by a message sent after it was made.
    await until(() => cluster.heard.length === 1);
    const later = a.refusalFor('admin', '10.0.0.1');
    expect(await Promise.all(first)).toEqual([{ retryAfterSeconds: 60 }, undefined, undefined]);
    expect(await later).toEqual({ retryAfterSeconds: 60 });
    expect(cluster.heard.map((m) => (m.type === 'gc:sign-in-checks' ? m.checks.length : m.type))).toEqual([3, 1]);
  });

  it('a check waiting behind a batch the primary never answers is refused too, never let through', async () => {
    const cluster = new FakeCluster();
    const a = new ClusterSignInLimits(cluster.worker(1, 30), 0);
    const first = a.refusalFor('admin', '10.0.0.1').catch((e: Error) => e.message);
    await until(() => cluster.heard.some((m) => m.type === 'gc:sign-in-checks'));
    cluster.deaf = true;
    const later = a.refusalFor('admin', '10.0.0.1').catch((e: Error) => e.message);
    expect(await first).toBeUndefined();
    expect(await later).toBe('Sign-in refused: the sign-in limits could not be checked (the primary process did not answer within 30 ms); try again');
  });

  it('fails safe: when the primary does not answer, the sign-in is refused (503 with Retry-After), not let through', async () => {
    const cluster = new FakeCluster();
    cluster.deaf = true;
    const a = new ClusterSignInLimits(cluster.worker(1, 30));
    for (const ask of [() => a.refusalFor('admin', '10.0.0.1'), () => a.begin('admin', '10.0.0.1')]) {
      const err = await ask().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CatalogError);
      expect(err).toMatchObject({ code: 'CATALOG_UNAVAILABLE', retryAfterSeconds: 1 });
      expect((err as Error).message).toBe(
        'Sign-in refused: the sign-in limits could not be checked (the primary process did not answer within 30 ms); try again',
      );
    }
    cluster.deaf = false;
    expect(await a.refusalFor('admin', '10.0.0.1')).toBeUndefined();
  });
});

describe('PrimaryLink', () => {
  it('rejects at once when the channel to the primary is closed', async () => {
    const link = new PrimaryLink({ send: (_m, cb) => cb(new Error('channel closed')), on: () => undefined }, 10_000);
    await expect(link.ask({ type: 'gc:forget', what: 'users' })).rejects.toThrow(PrimaryUnreachable);
    const throwing = new PrimaryLink({
      send: () => {
        throw new Error('ERR_IPC_CHANNEL_CLOSED');
      },
      on: () => undefined,
    });
    await expect(throwing.ask({ type: 'gc:forget', what: 'users' })).rejects.toThrow('the primary process cannot be reached: ERR_IPC_CHANNEL_CLOSED');
  });

  it('ignores what is not ours on the channel, and answers that come too late', async () => {
    const inbox = new EventEmitter();
    const sent: WorkerMessage[] = [];
    const link = new PrimaryLink({ send: (m, cb) => (sent.push(m), cb(null)), on: (e, l) => inbox.on(e, l) }, 20);
    const asked = link.ask({ type: 'gc:sign-in', op: 'begin', user: 'a', address: 'b' });
    inbox.emit('message', { cmd: 'NODE_CLUSTER', act: 'listening' });
    await expect(asked).rejects.toThrow('did not answer within 20 ms');
    expect(() => inbox.emit('message', { type: 'gc:reply', id: (sent[0] as { id: number }).id })).not.toThrow();
  });
});

describe('ForgetRelay: cached credentials dropped in every worker before the change is answered', () => {
  it('answers the worker that changed a user only after every other worker dropped its caches', async () => {
    const cluster = new FakeCluster();
    const dropped: string[] = [];
    const a = cluster.worker(1);
    for (const id of [2, 3])
      cluster.worker(id).onForget((what) => {
        dropped.push(`${id}:${what}`);
      });
    await a.ask({ type: 'gc:forget', what: 'users' });
    expect(dropped.sort()).toEqual(['2:users', '3:users']);
    expect(cluster.warnings).toEqual([]);
  });

  it('waits for a worker whose drop takes time (its event streams checked again) before it answers', async () => {
    const cluster = new FakeCluster();
    const done: string[] = [];
    const a = cluster.worker(1, 1_000);
    cluster.worker(2).onForget(async (what) => {
      await new Promise((r) => setTimeout(r, 20));
      done.push(`2:${what}`);
    });
    await a.ask({ type: 'gc:forget', what: 'sessions' });
    expect(done).toEqual(['2:sessions']);
    expect(cluster.warnings).toEqual([]);
  });

  it('does not wait for ever for a stuck worker: answers after the timeout and names it', async () => {
    const cluster = new FakeCluster();
    const a = cluster.worker(1, 1_000);
    cluster.worker(2);
    cluster.worker(3);
    cluster.stuck.add(3);
    await a.ask({ type: 'gc:forget', what: 'sessions' });
    expect(cluster.warnings).toEqual(['Worker(s) 3 did not confirm dropping cached sessions within 50 ms']);
  });

  it('does not wait for a worker that exits meanwhile', async () => {
    const cluster = new FakeCluster();
    const a = cluster.worker(1, 1_000);
    cluster.worker(2);
    cluster.stuck.add(2);
    const asked = a.ask({ type: 'gc:forget', what: 'users' });
    await new Promise((r) => setImmediate(r));
    cluster.gone(2);
    await asked;
    expect(cluster.warnings).toEqual([]);
  });

  it('answers at once when there is no other worker', async () => {
    const cluster = new FakeCluster();
    await cluster.worker(1).ask({ type: 'gc:forget', what: 'users' });
  });
});
