import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { BasicStrategy as PassportBasic } from 'passport-http';
import { AUTH_REALM } from '../rest/error-response';
import { AuthService, Principal } from './auth.service';

/** passport-http Basic authentication against the catalog's users. */
@Injectable()
export class BasicStrategy extends PassportStrategy(PassportBasic, 'basic') {
  constructor(private readonly auth: AuthService) {
    super({ realm: AUTH_REALM });
  }

  /** passport's verify callback: the principal, or false for wrong credentials (a 401). */
  async validate(userName: string, password: string): Promise<Principal | false> {
    return (await this.auth.authenticate(userName, password)) ?? false;
  }
}
