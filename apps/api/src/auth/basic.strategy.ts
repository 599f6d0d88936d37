import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { BasicStrategy as PassportBasic } from 'passport-http';
import { APP_CONFIG, AppConfig } from '../config/config';
import { AUTH_REALM } from '../rest/error-response';
import { illegalCharacterIn } from '../rest/xml-characters';
import { AuthService } from './auth.service';
import type { Principal } from './principal';
import { clientAddress } from './client-address';

type Verified = (err: unknown, user?: Principal | false) => void;

/**
 * passport-http's Basic strategy, reading credentials as RFC 7617 says: the user name ends at
 * the first colon and the password may contain colons (passport-http cuts it at the second).
 */
class Rfc7617BasicStrategy extends PassportBasic {
  override authenticate(req: Request): void {
    const self = this as unknown as {
      fail(challenge: string | number): void;
      success(user: Principal): void;
      error(err: unknown): void;
      _challenge(): string;
      _verify(req: Request, user: string, password: string, done: Verified): void;
    };
    const header = req.headers.authorization;
    const match = header ? /^Basic\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) return self.fail(self._challenge());
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0 || colon === decoded.length - 1) return self.fail(self._challenge());
    // No user name or password holds NUL or a control character: wrong credentials, not a query.
    if (illegalCharacterIn(decoded)) return self.fail(self._challenge());
    self._verify(req, decoded.slice(0, colon), decoded.slice(colon + 1), (err, user) => {
      if (err) return self.error(err);
      if (!user) return self.fail(self._challenge());
      self.success(user);
    });
  }
}

/** Basic authentication against the catalog's users. */
@Injectable()
export class BasicStrategy extends PassportStrategy(Rfc7617BasicStrategy, 'basic') {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super({ realm: AUTH_REALM, passReqToCallback: true });
  }

  /** passport's verify callback: the principal, or false for wrong credentials (a 401). */
  async validate(req: Request, userName: string, password: string): Promise<Principal | false> {
    return (await this.auth.authenticate(userName, password, clientAddress(req, this.config.trustProxy))) ?? false;
  }
}
