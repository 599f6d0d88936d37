import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { Delete, Post } from '../rest/write-routes';
import { CatalogError } from '@geocatalog/catalog-model';
import type { Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../config/config';
import { NoContent, RawContent } from '../rest/rest-response';
import { AuthService } from './auth.service';
import { clientAddress } from './client-address';
import { requestOrigin } from './cross-site';
import { Public } from './roles.decorator';
import { readSignInBody } from './sign-in-body';
import { clearedSessionCookie, sessionCookie, sessionTokenOf } from './session-cookie';
import { SessionService } from './session.service';

/**
 * The console's sign-in at `{base}/auth/session`, outside GeoServer's `/rest` table: POST
 * `{userName, password}` (JSON) → 204 and an HttpOnly cookie; GET → who is signed in; DELETE →
 * signed out. Public for the guard: each handler checks the credentials or the cookie itself.
 * Scripts keep using Basic; the cross-site middleware has refused foreign writes before here.
 */
@Public()
@Controller('auth/session')
export class SessionController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  async signIn(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<NoContent> {
    const { userName, password } = await readSignInBody(req);
    // The same check as Basic, so the same throttling applies.
    const principal = await this.auth.authenticate(userName, password, clientAddress(req, this.config.trustProxy));
    if (!principal) throw new CatalogError('UNAUTHENTICATED', 'Wrong user name or password');
    if (!principal.roles.length) throw new CatalogError('FORBIDDEN', `User '${principal.userName}' has no role: there is nothing to sign in to`);
    const token = await this.sessions.create(principal.userName);
    if (!token) throw new CatalogError('UNAUTHENTICATED', 'Wrong user name or password');
    res.setHeader('Set-Cookie', sessionCookie(token, this.config.contextPath, this.secure(req)));
    res.setHeader('Cache-Control', 'no-store');
    return new NoContent();
  }

  @Get()
  async current(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<RawContent> {
    const token = sessionTokenOf(req);
    const principal = token ? await this.sessions.principalFor(token) : null;
    if (!principal) throw new CatalogError('UNAUTHENTICATED', 'Not signed in');
    res.setHeader('Cache-Control', 'no-store');
    return new RawContent('application/json', Buffer.from(JSON.stringify({ userName: principal.userName, roles: principal.roles }), 'utf8'));
  }

  /** Signs out: idempotent, so a stale or missing cookie is still answered 204 (and cleared). */
  @Delete()
  async signOut(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<NoContent> {
    const token = sessionTokenOf(req);
    if (token) await this.sessions.end(token);
    res.setHeader('Set-Cookie', clearedSessionCookie(this.config.contextPath, this.secure(req)));
    res.setHeader('Cache-Control', 'no-store');
    return new NoContent();
  }

  private secure(req: Request): boolean {
    return requestOrigin(req, this.config.trustProxy)?.startsWith('https:') ?? false;
  }
}
