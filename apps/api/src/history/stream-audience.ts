import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { CatalogDb } from '../database/catalog-db';
import { CatalogError, Role } from '@geocatalog/catalog-model';
import { AuthCaches } from '../auth/auth-caches';
import type { Principal } from '../auth/principal';
import { SESSION_CACHE_TTL_MS, SessionService } from '../auth/session.service';
import type { ChangeEvent } from './change-log';

/** Open event streams one user may hold in one api process (contract §6). */
export const MAX_STREAMS_PER_USER = 20;
/** Open event streams one api process holds in all (contract §6). */
export const MAX_STREAMS = 1000;
/** A slot frees only when some stream ends: a refused client is asked to come back later, not at once. */
export const STREAMS_RETRY_AFTER_S = 30;
const LATER = `try again in ${STREAMS_RETRY_AFTER_S} s`;

/** Who watches one open event stream, as the catalog said when it was admitted. */
export interface Viewer {
  readonly userName: string;
  /** The console session it signed in with (Basic: none). */
  readonly session?: string;
  /** May see authors and account changes. Fixed: any change of the user's roles ends the stream. */
  admin: boolean;
  /** The user's roles when admitted (what the data rules decide by; a change of them ends the stream). */
  roles: readonly string[];
  /** A digest of the user's id, password hash and roles when admitted; undefined until then. */
  state?: string;
  ended: boolean;
  /** Ends the stream (the user's access changed); called once. */
  readonly end: () => void;
}

/** An enabled user as the checks read it. */
interface Access {
  roles: Role[];
  state: string;
}

/**
 * Who watches the event streams of this process, and whether they still may (contract §6). A
 * stream is admitted under the caps ({@link MAX_STREAMS_PER_USER}, {@link MAX_STREAMS}; per
 * process) and ends as soon as its user is deleted, disabled, renamed, given a new password or
 * other roles, or its console session ends. Checked again: when this process's
 * {@link AuthCaches} learn of a change of users or a sign-out (in a cluster, relayed from every
 * worker, and the write is answered after); before a change of a user account committed by any
 * process is sent to anyone (so no stream gets a change made after its user lost access); and
 * every {@link SESSION_CACHE_TTL_MS}, for sessions that expired or ended in another process.
 */
@Injectable()
export class StreamAudience implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Events');
  private readonly viewers = new Set<Viewer>();
  private readonly perUser = new Map<string, number>();
  /** Every change up to this number was committed before the last check read the users. */
  private checkedThrough = 0n;
  private checking?: Promise<void>;
  private checksBegun = 0;
  private queued?: Promise<void>;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: CatalogDb,
    private readonly sessions: SessionService,
    caches: AuthCaches,
  ) {
    caches.register('streams', () => this.recheck());
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.viewers.size) void this.recheck();
    }, SESSION_CACHE_TTL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /**
   * Admits a stream for `principal` (429 past the caps, before anything is sent), as the catalog
   * says the user is now; `end` is called when that no longer holds.
   */
  async admit(principal: Principal, end: () => void): Promise<Viewer> {
    const name = principal.userName;
    if (this.viewers.size >= MAX_STREAMS) throw tooMany(`this server holds ${MAX_STREAMS}, the most it serves; ${LATER}`);
    if ((this.perUser.get(name) ?? 0) >= MAX_STREAMS_PER_USER)
      throw tooMany(`user '${name}' holds ${MAX_STREAMS_PER_USER}, the most one user may; close one, or ${LATER}`);
    const viewer: Viewer = { userName: name, session: principal.session, admin: false, roles: [], ended: false, end };
    this.viewers.add(viewer);
    this.perUser.set(name, (this.perUser.get(name) ?? 0) + 1);
    const checks = this.checksBegun;
    try {
      const [{ users }, live] = await Promise.all([this.read([name]), this.sessions.live(principal.session ? [principal.session] : [])]);
      const access = users.get(name);
      if (!access || (principal.session && !live.has(principal.session))) throw signedOut();
      // Any role may watch (contract §7); the data rules decide which changes it is sent.
      if (!access.roles.length) throw new CatalogError('FORBIDDEN', `User '${name}' may not GET the event stream`);
      viewer.admin = access.roles.includes('ADMIN');
      viewer.roles = access.roles;
      viewer.state = access.state;
      // A check that began meanwhile passed this stream by, and may have read a later change of its user.
      if (this.checksBegun !== checks) await this.recheck();
      if (viewer.ended) throw signedOut();
      return viewer;
    } catch (err) {
      this.release(viewer);
      throw err;
    }
  }

  /** The stream closed: its slot is free. */
  release(viewer: Viewer): void {
    if (!this.viewers.delete(viewer)) return;
    const left = (this.perUser.get(viewer.userName) ?? 1) - 1;
    if (left) this.perUser.set(viewer.userName, left);
    else this.perUser.delete(viewer.userName);
  }

  /** Before `change` is sent: a check of every stream when it changed a user after the last check, else undefined. */
  before(change: ChangeEvent): Promise<void> | undefined {
    if (change.kind !== 'user' || !this.viewers.size || BigInt(change.seq) <= this.checkedThrough) return undefined;
    return this.recheck();
  }

  /** Checks every admitted stream against the catalog as it is now; ends those no longer allowed. Never rejects. */
  recheck(): Promise<void> {
    if (!this.checking) {
      this.checking = this.check().finally(() => (this.checking = undefined));
      return this.checking;
    }
    // A check already running may have read the users before the change that asks for this one.
    this.queued ??= this.checking.then(() => {
      this.queued = undefined;
      return this.recheck();
    });
    return this.queued;
  }

  private async check(): Promise<void> {
    this.checksBegun++;
    const watched = [...this.viewers].filter((v) => v.state !== undefined);
    if (!watched.length) return;
    try {
      const sessions = [...new Set(watched.flatMap((v) => (v.session ? [v.session] : [])))];
      const [{ latest, users }, live] = await Promise.all([this.read([...new Set(watched.map((v) => v.userName))]), this.sessions.live(sessions)]);
      for (const v of watched) if (users.get(v.userName)?.state !== v.state || (v.session && !live.has(v.session))) this.close(v);
      if (latest > this.checkedThrough) this.checkedThrough = latest;
    } catch (err) {
      // Whether they may go on cannot be told: they end, and are checked again when they reconnect.
      this.logger.warn(`Event streams ended: their users could not be checked (${(err as Error).message})`);
      for (const v of watched) this.close(v);
    }
  }

  private close(viewer: Viewer): void {
    if (viewer.ended) return;
    viewer.ended = true;
    this.release(viewer);
    viewer.end();
  }

  /** The enabled users among `names`, and the latest change committed when they were read (one snapshot). */
  private async read(names: string[]): Promise<{ latest: bigint; users: Map<string, Access> }> {
    const [row]: Array<{ latest: string; users: Array<Access & { name: string }> }> = await this.db.query(
      `SELECT COALESCE((SELECT max(seq) FROM catalog_change), 0)::text AS latest,
              COALESCE((SELECT json_agg(json_build_object('name', u.name, 'roles', r.roles, 'state', md5(u.id || ':' || u.password_hash || ':' || r.roles::text)))
                          FROM app_user u, LATERAL (SELECT COALESCE(json_agg(role ORDER BY role), '[]'::json) AS roles FROM user_role WHERE user_id = u.id) r
                         WHERE u.enabled AND u.name = ANY($1)), '[]'::json) AS users`,
      [names],
    );
    return { latest: BigInt(row.latest), users: new Map(row.users.map((u) => [u.name, { roles: u.roles, state: u.state }])) };
  }
}

/** The user or session the request was let in with is no more (as the guard would now say). */
function signedOut(): CatalogError {
  return new CatalogError('UNAUTHENTICATED', 'Authentication required: send valid Basic credentials');
}

function tooMany(why: string): CatalogError {
  return new CatalogError('TOO_MANY_REQUESTS', `Too many open event streams: ${why}`, [], STREAMS_RETRY_AFTER_S);
}
