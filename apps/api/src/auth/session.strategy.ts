import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy as PassportStrategyBase } from 'passport';
import type { Principal } from './principal';
import { sessionTokenOf } from './session-cookie';
import { SessionService } from './session.service';

type Verified = (err: unknown, user?: Principal | false) => void;
type Verify = (token: string, done: Verified) => void;

/**
 * A passport strategy for the console's session cookie. A request that carries an
 * `Authorization` header is left to the Basic strategy alone: explicit credentials decide, a
 * wrong password is never rescued by a cookie sent along.
 */
class SessionCookieStrategyBase extends (PassportStrategyBase as unknown as new () => {
  fail(challenge?: string | number): void;
  success(user: Principal): void;
  error(err: unknown): void;
}) {
  constructor(private readonly verify: Verify) {
    super();
  }

  authenticate(req: Request): void {
    const token = req.headers.authorization === undefined ? sessionTokenOf(req) : undefined;
    if (!token) return this.fail();
    this.verify(token, (err, user) => {
      if (err) return this.error(err);
      if (!user) return this.fail();
      this.success(user);
    });
  }
}

/** Name under which the cookie strategy is registered with passport. */
export const SESSION_STRATEGY = 'session-cookie';

/** Authenticates requests by the session cookie the console got from `POST {base}/auth/session`. */
@Injectable()
export class SessionStrategy extends PassportStrategy(SessionCookieStrategyBase, SESSION_STRATEGY) {
  constructor(private readonly sessions: SessionService) {
    super();
  }

  /** passport's verify callback: the session's principal, or false (a 401). */
  async validate(token: string): Promise<Principal | false> {
    return (await this.sessions.principalFor(token)) ?? false;
  }
}
