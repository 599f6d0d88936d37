import { Injectable } from '@nestjs/common';
import { CatalogError, type Rep, type RepDocument, type AccessDecision, type Caller } from '@geocatalog/catalog-model';
import type { Principal } from '../auth/principal';
import type { RestRequest } from '../rest/rest-request';
import { StreamedList } from '../rest/streamed-list';
import { AccessService } from './access.service';
import { readsPublished } from './read-access';
import { DEFAULT_WORKSPACE, qualifiedName, restTarget, type RestTarget } from './rest-target';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type RestReq = RestRequest & { user?: Principal };

/**
 * The data rules on the REST API (contract §12), for every caller but ADMIN (who passes every rule
 * and pays nothing here): a record the caller may not read answers as the catalog mode says (404,
 * or 401/403); a list leaves out what the caller may not read; a write needs `a` (workspace
 * administrator) on the workspace it is inside, and is refused on a workspace record itself and on
 * anything outside a workspace. Asked by `CatalogAuthGuard` once it has authenticated a caller
 * other than ADMIN on a REST route, so before the body is read. Not an interceptor: a global one
 * would cost every request, ADMIN's and every read's, Nest's rxjs chain and two async resources.
 */
@Injectable()
export class AccessCheck {
  constructor(private readonly access: AccessService) {}

  /**
   * Checks a REST request of `principal` (not ADMIN): throws when it may not be made; for a read,
   * sets the filter its list answer goes through (`answerFilter`, applied by `RestHttpAdapter`).
   */
  async admit(req: RestReq, principal: Principal): Promise<void> {
    const filter = await this.check(req, principal);
    if (filter && req.rest) req.rest.answerFilter = filter;
  }

  /** Checks the request; for a read, the filter its list answer goes through. */
  private async check(req: RestReq, principal: Principal): Promise<((result: unknown) => unknown) | null> {
    const decision = await this.access.decision();
    const caller = this.access.callerOf(principal);
    // The route below the context path (`/rest/workspaces/:ws`).
    const route = (req.route as { path?: string } | undefined)?.path ?? req.path;
    const routePath = route.slice(Math.max(0, route.indexOf('/rest/')));
    const params = (req.params ?? {}) as Record<string, string | undefined>;
    const target = await this.resolved(restTarget(routePath, params));
    // What a record the handler answers or writes may name of others (a group's members).
    if (req.rest) req.rest.readsPublished = (workspace, name) => readsPublished(decision, caller, workspace, name);
    if (!READ_METHODS.has(req.method)) {
      const inside = target.scope === 'layer' || (target.scope === 'workspace' && !target.itself);
      if (inside && decision.administers(caller, target.workspace)) return null;
      throw new CatalogError('FORBIDDEN', `User '${principal.userName}' may not ${req.method} ${req.path}`);
    }
    if (!readable(decision, caller, target)) this.access.refuse(decision, caller, describe(target));
    const workspace = target.scope === 'global' ? undefined : target.workspace;
    return (result) => filterList(result, (item, name) => itemReadable(decision, caller, item, name, workspace));
  }

  /** `default` (GeoServer's name for the default workspace) as the workspace it stands for. */
  private async resolved(target: RestTarget): Promise<RestTarget> {
    if (target.scope === 'global' || target.workspace !== DEFAULT_WORKSPACE) return target;
    const name = await this.access.defaultWorkspace();
    return name === null ? target : { ...target, workspace: name };
  }
}

function readable(decision: AccessDecision, caller: Caller, target: RestTarget): boolean {
  switch (target.scope) {
    case 'layer':
      return decision.readsLayer(caller, target.workspace, target.layer);
    case 'workspace':
      return decision.readsWorkspace(caller, target.workspace);
    default:
      return target.globalGroup === undefined || decision.canGlobalGroup(caller, 'r', target.globalGroup);
  }
}

function describe(target: RestTarget): string {
  switch (target.scope) {
    case 'layer':
      return `layer or layer group '${target.workspace}:${target.layer}'`;
    case 'workspace':
      return `workspace '${target.workspace}'`;
    default:
      return `layer group '${target.globalGroup}'`;
  }
}

/** Whether a list item (by its kind and name) may be shown; items of other kinds are shown. */
function itemReadable(decision: AccessDecision, caller: Caller, item: string, name: string, workspace: string | undefined): boolean {
  switch (item) {
    case 'workspace':
    case 'namespace':
      return decision.readsWorkspace(caller, name);
    case 'layer':
    case 'featureType':
    case 'layerGroup': {
      const q = qualifiedName(name, workspace);
      if (q.workspace === undefined) return item === 'layerGroup' ? decision.canGlobalGroup(caller, 'r', q.name) : true;
      return decision.readsLayer(caller, q.workspace, q.name);
    }
    default:
      return true;
  }
}

function nameOf(item: Rep): string | undefined {
  if (typeof item !== 'object' || item === null || item.kind !== 'object') return undefined;
  const field = item.fields.find(([key]) => key === 'name')?.[1];
  return typeof field === 'string' ? field : undefined;
}

/** A list answer without the items `keep` refuses; other answers as they are. */
function filterList(result: unknown, keep: (item: string, name: string) => boolean): unknown {
  const ok = (kind: string) => (item: Rep) => {
    const name = nameOf(item);
    return name === undefined || keep(kind, name);
  };
  if (result instanceof StreamedList) {
    const test = ok(result.shape.item);
    return new StreamedList(result.shape, filteredPages(result.pages, test), result.version);
  }
  const doc = result as Partial<RepDocument> | null;
  if (doc && typeof doc.root === 'string' && typeof doc.body === 'object' && doc.body !== null && doc.body.kind === 'list') {
    return { root: doc.root, body: { ...doc.body, items: doc.body.items.filter(ok(doc.body.item)) } } satisfies RepDocument;
  }
  return result;
}

async function* filteredPages(pages: AsyncIterable<Rep[]>, keep: (item: Rep) => boolean): AsyncGenerator<Rep[]> {
  for await (const page of pages) yield page.filter(keep);
}
