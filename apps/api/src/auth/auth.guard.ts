import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { CatalogError } from '@geocatalog/catalog-model';
import { AccessCheck } from '../access/access-check';
import type { RestRequest } from '../rest/rest-request';
import type { Principal } from './principal';
import { ADMIN_ONLY, PUBLIC } from './roles.decorator';
import { SESSION_STRATEGY } from './session.strategy';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Basic authentication, or the console's session cookie, on every route but the sign-in
 * endpoints, then authorisation: ADMIN may do everything; another role reads and, on `/rest`,
 * writes what the data rules allow (`AccessCheck`, asked here: by default every role reads, only
 * ADMIN writes), never the security endpoints; a user without a role may do nothing.
 */
@Injectable()
export class CatalogAuthGuard extends AuthGuard(['basic', SESSION_STRATEGY]) {
  /** What each route's decorators say, read once per handler and class (metadata does not change once the app runs). */
  private readonly marks = new WeakMap<object, WeakMap<object, { public: boolean; adminOnly: boolean }>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly access: AccessCheck,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const marks = this.marksOf(context);
    if (marks.public) return true;
    await super.canActivate(context);
    const req = context.switchToHttp().getRequest<RestRequest & { user?: Principal }>();
    const roles = req.user?.roles ?? [];
    if (roles.includes('ADMIN')) return true;
    // Any other role: the data rules decide what it reads, and which workspaces it administers
    // (AccessCheck, on /rest); a write elsewhere stays an ADMIN's.
    if (!marks.adminOnly && roles.length > 0 && (READ_METHODS.has(req.method) || req.rest !== undefined)) {
      if (req.rest) await this.access.admit(req, req.user!);
      return true;
    }
    throw new CatalogError('FORBIDDEN', `User '${req.user?.userName}' may not ${req.method} ${req.path}`);
  }

  private marksOf(context: ExecutionContext): { public: boolean; adminOnly: boolean } {
    const handler = context.getHandler();
    const type = context.getClass();
    let byClass = this.marks.get(handler);
    if (!byClass) this.marks.set(handler, (byClass = new WeakMap()));
    let marks = byClass.get(type);
    if (!marks) {
      const targets = [handler, type];
      marks = {
        public: Boolean(this.reflector.getAllAndOverride<boolean>(PUBLIC, targets)),
        adminOnly: Boolean(this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets)),
      };
      byClass.set(type, marks);
    }
    return marks;
  }

  /** Wrong or missing credentials become the catalog's 401 (with the Basic challenge). */
  override handleRequest<T>(err: unknown, user: T): T {
    if (err) throw err;
    if (!user) throw new CatalogError('UNAUTHENTICATED', 'Authentication required: send valid Basic credentials');
    return user;
  }
}
