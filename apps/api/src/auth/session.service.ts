import { Injectable } from '@nestjs/common';
import { CatalogDb } from '../database/catalog-db';
import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@geocatalog/catalog-model';
import { AuthCaches } from './auth-caches';
import type { Principal } from './principal';

/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** A session ends this long after sign-in, however busy. */
export const SESSION_ABSOLUTE_MS = 24 * 60 * 60 * 1000;
/**
 * How long a looked-up session is trusted without asking the database again. A sign-out or a
 * change of users empties the cache at once in every worker of the cluster ({@link AuthCaches});
 * other api processes sharing the database notice within this time.
 */
export const SESSION_CACHE_TTL_MS = 2_000;
/** last_seen_at is written at most this often per session (not on every request). */
const TOUCH_INTERVAL_MS = 60_000;
/** Sessions a user may hold at once; signing in beyond ends the oldest. */
export const MAX_SESSIONS_PER_USER = 50;
const MAX_CACHED = 10_000;

/** A session row `s` that has not expired (parameter $2: {@link SESSION_IDLE_MS}). */
const LIVE = `s.expires_at > now() AND s.last_seen_at > now() - $2 * interval '1 millisecond'`;

interface Cached {
  principal: Principal;
  userId: number;
  expires: number;
}

/**
 * Console sessions in the catalog database, so every api process accepts them. The cookie holds
 * 256 random bits; the table holds only their SHA-256, the user, and the times.
 */
@Injectable()
export class SessionService {
  private readonly cache = new Map<string, Cached>();
  /** Changes with every drop of the cache: a lookup that began before one does not cache its result. */
  private generation = 0;

  constructor(
    private readonly db: CatalogDb,
    private readonly caches: AuthCaches,
  ) {
    caches.register('sessions', () => this.forgetCached());
  }

  /**
   * Starts a session for the (just authenticated, enabled) user; returns the token for the
   * cookie, which is never stored, or null when the user is gone or disabled meanwhile.
   */
  async create(userName: string): Promise<string | null> {
    const token = randomBytes(32).toString('base64url');
    const expires = new Date(Date.now() + SESSION_ABSOLUTE_MS);
    return this.db.transaction(async ({ manager: tx }) => {
      // Sign-in is when expired rows of everyone are swept, and the user's oldest beyond the cap.
      await tx.query(`DELETE FROM app_session WHERE expires_at <= now() OR last_seen_at <= now() - $1 * interval '1 millisecond'`, [SESSION_IDLE_MS]);
      const rows: Array<{ user_id: number }> = await tx.query(
        `INSERT INTO app_session (token_hash, user_id, expires_at) SELECT $1, id, $3 FROM app_user WHERE name = $2 AND enabled RETURNING user_id`,
        [hashOf(token), userName, expires],
      );
      if (!rows.length) return null;
      const userId = rows[0].user_id;
      await tx.query(
        `DELETE FROM app_session WHERE user_id = $1 AND token_hash NOT IN
           (SELECT token_hash FROM app_session WHERE user_id = $1 ORDER BY created_at DESC, token_hash LIMIT $2)`,
        [userId, MAX_SESSIONS_PER_USER],
      );
      return token;
    });
  }

  /** Who the session belongs to, or null when it does not exist, has expired, or its user is disabled. */
  async principalFor(token: string): Promise<Principal | null> {
    const hash = hashOf(token);
    const hit = this.cache.get(hash);
    if (hit && hit.expires > Date.now()) return hit.principal;
    const generation = this.generation;
    const rows: Array<{ user_id: number; name: string; roles: Role[]; stale: boolean }> = await this.db.query(
      `SELECT s.user_id, u.name,
              coalesce((SELECT json_agg(a.role ORDER BY a.role) FROM (SELECT r.role FROM user_role r WHERE r.user_id = u.id
                 UNION SELECT gr.role FROM user_group_member m JOIN user_group g ON g.id = m.group_id AND g.enabled
                   JOIN group_role gr ON gr.group_id = g.id WHERE m.user_id = u.id) a), '[]'::json) AS roles,
              s.last_seen_at <= now() - $3 * interval '1 millisecond' AS stale
         FROM app_session s JOIN app_user u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND u.enabled AND ${LIVE}`,
      [hash, SESSION_IDLE_MS, TOUCH_INTERVAL_MS],
    );
    if (!rows.length) {
      this.cache.delete(hash);
      return null;
    }
    const row = rows[0];
    if (row.stale) await this.db.query(`UPDATE app_session SET last_seen_at = now() WHERE token_hash = $1`, [hash]);
    const principal: Principal = { userName: row.name, roles: row.roles, session: hash };
    if (generation !== this.generation) return principal;
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(hash, { principal, userId: row.user_id, expires: Date.now() + SESSION_CACHE_TTL_MS });
    return principal;
  }

  /** Which of these sessions (by {@link Principal.session}) have not ended (signed out, expired, their user's sessions ended). */
  async live(sessions: string[]): Promise<Set<string>> {
    if (!sessions.length) return new Set();
    const rows: Array<{ token_hash: string }> = await this.db.query(`SELECT s.token_hash FROM app_session s WHERE s.token_hash = ANY($1) AND ${LIVE}`, [
      sessions,
      SESSION_IDLE_MS,
    ]);
    return new Set(rows.map((r) => r.token_hash));
  }

  /** Signs out: the row is deleted, then every worker forgets it before this resolves. */
  async end(token: string): Promise<void> {
    await this.db.query(`DELETE FROM app_session WHERE token_hash = $1`, [hashOf(token)]);
    await this.caches.changed('sessions');
  }

  /**
   * Ends every session of a user, inside the caller's transaction (a password change, the user
   * disabled, its last role removed). The caller tells {@link AuthCaches} once it committed.
   */
  async endAllOf(tx: { query(sql: string, params?: unknown[]): Promise<unknown> }, userId: number): Promise<void> {
    await tx.query(`DELETE FROM app_session WHERE user_id = $1`, [userId]);
  }

  /** Drops every cached lookup. */
  private forgetCached(): void {
    this.cache.clear();
    this.generation++;
  }
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
