import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { CatalogDb } from '../database/catalog-db';
import { CatalogNotifications } from '../database/catalog-notifications';
import type { AccessDecision } from '@geocatalog/catalog-model';
import { AccessService } from '../access/access.service';
import { CATALOG_DATABASE, CatalogDatabase } from '../database/database.module';
import { ChangeEvent, ChangeLog } from './change-log';
import { changesRules, RulesAsOf } from './rules-as-of';
import { StreamAudience } from './stream-audience';

/** Changes read from the history per query. */
const PAGE = 500;
/** While streams are open, the history is also read this often (a notification can be lost). */
const LOOK_MS = 2000;

/** One open event stream: told each change after `last`, in order; false from `send` drops it. */
interface Subscriber {
  last: bigint;
  live: boolean;
  send(change: ChangeEvent, decisions: Decisions): boolean;
  drop(): void;
}

/** The data rules' decisions a change is sent by: as they were when it was committed, and as they are now. */
export type Decisions = readonly [then: AccessDecision, now: AccessDecision];

/**
 * Delivers committed changes to the event streams of this process, in order, whichever process
 * committed them. It is woken by this process's own commits, on PostgreSQL by `NOTIFY
 * catalog_changes`, which every process sends after its commits, and every two seconds; woken,
 * it reads the history after the last number it delivered. A stream joining with a `since` first replays the
 * history itself, then goes live. A stream that cannot keep up is dropped: writers never wait
 * for readers. Before a change of a user account is sent, the {@link StreamAudience} checks
 * every stream's user again, so a stream whose user lost access receives nothing after it. Each
 * change goes out with two decisions of the data rules (contract §12): as they were right after it
 * was committed ({@link RulesAsOf}) and as they are when it is sent. A stream is sent a change only
 * when both let its user read the record: never a change made while a rule hid the record, however
 * late the feed reads it, nor one of a record it may no longer read.
 */
@Injectable()
export class ChangeFeed implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Events');
  private readonly subscribers = new Set<Subscriber>();
  /** The highest number delivered; undefined while nobody listens. */
  private last?: bigint;
  private reading = false;
  private again = false;
  private notifications?: CatalogNotifications;
  private looking?: NodeJS.Timeout;
  /** Changes of rules up to this number have had this process's decision forgotten. */
  private rulesSeen = 0n;
  /** The rules as of each change the live streams are sent, read in order from {@link last}. */
  private asOf?: (change: ChangeEvent) => Promise<AccessDecision>;

  constructor(
    db: CatalogDb,
    @Inject(CATALOG_DATABASE) private readonly catalog: CatalogDatabase,
    private readonly log: ChangeLog,
    private readonly audience: StreamAudience,
    private readonly access: AccessService,
    private readonly rules: RulesAsOf,
  ) {
    db.afterEveryCommit(() => {
      this.wake();
      this.notifications?.announce();
    });
  }

  onApplicationBootstrap(): void {
    this.looking = setInterval(() => this.wake(), LOOK_MS);
    this.looking.unref();
    // The embedded catalog serves one process: its own commits are all there is to hear.
    if (this.catalog.embedded) return;
    this.notifications = new CatalogNotifications(this.catalog.url, 'catalog_changes', () => this.wake());
    this.notifications.start();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.looking);
    for (const s of this.subscribers) s.drop();
    await this.notifications?.close();
  }

  /** How many streams are open (for tests and diagnostics). */
  get streams(): number {
    return this.subscribers.size;
  }

  /**
   * Opens a stream: changes after `since` (replayed from the history first, page by page as the
   * client takes them: `drained` resolves when it can take more), or from now on. Returns the
   * function that closes it.
   */
  async subscribe(
    since: string | undefined,
    send: (change: ChangeEvent, decisions: Decisions) => boolean,
    drop: () => void,
    drained: () => Promise<void>,
  ): Promise<() => void> {
    if (this.last === undefined) {
      this.last = BigInt(await this.log.latest());
      this.asOf = this.rules.cursor();
    }
    // The rules read from now on are at least as new as any change committed so far.
    if (this.last > this.rulesSeen) this.rulesSeen = this.last;
    const sub: Subscriber = { last: since === undefined ? this.last : BigInt(since), live: false, send, drop };
    this.subscribers.add(sub);
    void this.replay(sub, drained).catch((err) => {
      this.logger.warn(`Event stream closed: the history could not be read (${(err as Error).message})`);
      this.subscribers.delete(sub);
      sub.drop();
    });
    return () => {
      this.subscribers.delete(sub);
      if (!this.subscribers.size) this.last = undefined;
    };
  }

  /** Replays the history to a joining stream until it has caught up with the feed. */
  private async replay(sub: Subscriber, drained: () => Promise<void>): Promise<void> {
    const asOf = this.rules.cursor();
    for (;;) {
      const changes = await this.log.after(String(sub.last), PAGE);
      if (!this.subscribers.has(sub)) return;
      for (const c of changes) {
        const check = this.audience.before(c);
        if (check) await check;
        const decisions = await this.decisionsFor(c, asOf);
        if (!this.subscribers.has(sub) || !this.deliver(sub, c, decisions)) return;
      }
      // Checked and set without awaiting: the feed cannot deliver in between.
      if (changes.length < PAGE && (this.last === undefined || sub.last >= this.last)) {
        sub.live = true;
        return;
      }
      await drained();
    }
  }

  /**
   * The data rules to send `change` by (contract §12): as of `change` (read by `asOf`, which sees
   * every change in order), and the current decision — forgotten first when `change` is a change
   * of rules this process has not decided by yet (its notification may come later).
   */
  private async decisionsFor(change: ChangeEvent, asOf: (change: ChangeEvent) => Promise<AccessDecision>): Promise<Decisions> {
    if (changesRules(change) && BigInt(change.seq) > this.rulesSeen) {
      this.rulesSeen = BigInt(change.seq);
      this.access.forget();
    }
    return Promise.all([asOf(change), this.access.decision()]);
  }

  private deliver(sub: Subscriber, change: ChangeEvent, decisions: Decisions): boolean {
    const seq = BigInt(change.seq);
    if (seq <= sub.last) return true;
    sub.last = seq;
    if (sub.send(change, decisions)) return true;
    this.subscribers.delete(sub);
    sub.drop();
    return false;
  }

  /** Reads what was committed after the last delivered change and hands it to the live streams. */
  private wake(): void {
    if (!this.subscribers.size || this.last === undefined) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    void this.read().finally(() => (this.reading = false));
  }

  private async read(): Promise<void> {
    try {
      do {
        this.again = false;
        for (;;) {
          if (this.last === undefined || !this.asOf) return;
          const asOf = this.asOf;
          const changes = await this.log.after(String(this.last), PAGE);
          for (const c of changes) {
            // A change of a user account may end streams: they end before it, or anything after it, is sent.
            const check = this.audience.before(c);
            if (check) await check;
            const decisions = await this.decisionsFor(c, asOf);
            const seq = BigInt(c.seq);
            if (this.last !== undefined && seq > this.last) this.last = seq;
            for (const sub of this.subscribers) if (sub.live) this.deliver(sub, c, decisions);
          }
          if (changes.length < PAGE) break;
        }
      } while (this.again);
    } catch (err) {
      this.logger.warn(`Changes not read from the history: ${(err as Error).message}; the next change retries`);
    }
  }
}
