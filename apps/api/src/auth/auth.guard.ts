import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { CatalogError } from '@geocatalog/catalog-model';
import { AccessCheck } from '../access/access-check';
import { HANDLER_DECIDES } from '../access/handler-decides';
import type { RestRequest } from '../rest/rest-request';
import type { Principal } from './principal';
import { ADMIN_ONLY, PUBLIC, READ_PATH } from './roles.decorator';
import { sessionTokenOf } from './session-cookie';
import { SESSION_STRATEGY } from './session.strategy';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a route's decorators say. */
interface Marks {
  public: boolean;
  adminOnly: boolean;
  readPath: boolean;
  /** The handler asks the access decision itself, record by record (the history). */
  handlerDecides: boolean;
}

/**
 * Basic authentication, or the console's session cookie, on every route but the sign-in
 * endpoints, then authorisation: ADMIN may do everything; another role reads and, on `/rest`,
 * writes what the data rules allow (`AccessCheck`, asked here: by default every role reads, only
 * ADMIN writes), never the security endpoints; a user without a role may do nothing. On the map and
 * feature read paths (`@ReadPath()`), a request without credentials goes on as the anonymous caller
 * and the data rules decide what it reads (contract §12).
 */
@Injectable()
export class CatalogAuthGuard extends AuthGuard(['basic', SESSION_STRATEGY]) {
  /** What each route's decorators say, read once per handler and class (metadata does not change once the app runs). */
  private readonly marks = new WeakMap<object, WeakMap<object, Marks>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly access: AccessCheck,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const marks = this.marksOf(context);
    if (marks.public) return true;
    const req = context.switchToHttp().getRequest<RestRequest & { user?: Principal }>();
    // A read path without credentials: the anonymous caller, whom the data rules judge.
    if (marks.readPath && READ_METHODS.has(req.method) && req.headers.authorization === undefined && !sessionTokenOf(req)) return true;
    await super.canActivate(context);
    const roles = req.user?.roles ?? [];
    if (roles.includes('ADMIN')) return true;
    // Any other role: the data rules decide what it reads, and which workspaces it administers
    // (AccessCheck, on /rest, unless the handler decides record by record); a write elsewhere stays
    // an ADMIN's.
    if (!marks.adminOnly && roles.length > 0 && (READ_METHODS.has(req.method) || req.rest !== undefined)) {
      if (req.rest && !marks.handlerDecides) await this.access.admit(req, req.user!);
      return true;
    }
    throw new CatalogError('FORBIDDEN', `User '${req.user?.userName}' may not ${req.method} ${req.path}`);
  }

  private marksOf(context: ExecutionContext): Marks {
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
        readPath: Boolean(this.reflector.getAllAndOverride<boolean>(READ_PATH, targets)),
        handlerDecides: Boolean(this.reflector.getAllAndOverride<boolean>(HANDLER_DECIDES, targets)),
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
