import { Injectable } from '@nestjs/common';
import { CatalogError, ANONYMOUS_CALLER, type AccessDecision, type Caller, type ServiceName, type ServiceOperation } from '@geocatalog/catalog-model';
import type { Request } from 'express';
import type { Principal } from '../auth/principal';
import { AccessService } from './access.service';

/** The map and feature read paths, as service rules name them (`wms.GetMap`, `features.*`, `tiles.*`). */
export type ReadService = ServiceName;

/**
 * The method a request of `S` asks the service rules about: one of the declared operations
 * (`SERVICE_OPERATIONS`); a WMS `REQUEST` is whatever the client sent (an operation the WMS does
 * not serve is refused by it after its rule is asked, as GeoServer does).
 */
export type ReadMethod<S extends ReadService> = S extends 'wms' ? string : ServiceOperation<S>;

/**
 * What one request on a map or feature read path (WMS, OGC API Features and Tiles) may read, and
 * whether its answer is public: the data rules of contract §12 asked through the one decision
 * point ({@link AccessService}), for the caller the guard let in (a signed-in user, or the
 * anonymous caller when no credentials came). Framework-free but for the request it reads.
 */
export class ReadScope {
  constructor(
    readonly decision: AccessDecision,
    readonly caller: Caller,
    readonly service: ReadService,
    readonly method: string,
  ) {}

  /** Whether the caller reads the layer or layer group `name` of `workspace` (null: a global group). */
  reads(workspace: string | null, name: string): boolean {
    return readsPublished(this.decision, this.caller, workspace, name);
  }

  /** Whether the caller reads the collection `workspace:layer`; an id without a workspace names nothing, and is left to the lookup (404). */
  readsCollection(id: string): boolean {
    const colon = id.indexOf(':');
    return colon <= 0 || this.reads(id.slice(0, colon), id.slice(colon + 1));
  }

  /** Throws the catalog mode's refusal (404, or 401/403) unless the caller reads collection `id`. */
  checkCollection(id: string): void {
    if (!this.readsCollection(id)) this.refuse(`collection: '${id}'`);
  }

  /** Throws the refusal the catalog mode gives for something the caller may not read: 404 (HIDE), 401 anonymous or 403 (CHALLENGE, MIXED). */
  refuse(what: string): never {
    throw refusal(this.decision, this.caller, what);
  }

  /** Whether the catalog mode answers an unreadable name as not found (HIDE) rather than with a challenge. */
  get hides(): boolean {
    return this.decision.refusal(this.caller) === 'NOT_FOUND';
  }

  /**
   * Whether an answer about this service alone (a landing page, conformance, a tile matrix set) is
   * public: anonymous callers may use the method.
   */
  get publicDocument(): boolean {
    return this.decision.usesService(ANONYMOUS_CALLER, this.service, this.method);
  }

  /**
   * Whether a list (collections, capabilities) answered to this caller is public: only an anonymous
   * caller's, which holds nothing but what anonymous callers may read.
   */
  get publicList(): boolean {
    return this.caller.anonymous;
  }

  /** Whether the answer about one layer is public: anonymous callers may use the method and read the layer (the same bytes for every caller). */
  publicLayer(workspace: string | null, name: string): boolean {
    return this.publicDocument && readsPublished(this.decision, ANONYMOUS_CALLER, workspace, name);
  }

  /** {@link publicLayer} of a collection `workspace:layer`. */
  publicCollection(id: string): boolean {
    const colon = id.indexOf(':');
    return colon > 0 && this.publicLayer(id.slice(0, colon), id.slice(colon + 1));
  }
}

/**
 * The data rules on the map and feature read paths (contract §12): {@link scope} checks the service
 * rule of the method and gives the {@link ReadScope} a controller checks names and lists with.
 */
@Injectable()
export class ReadAccess {
  constructor(private readonly access: AccessService) {}

  /**
   * The scope of a request for `method` of `service`: 401 (anonymous) or 403 when a service rule
   * keeps the caller from the method (GeoServer's service security challenges, whatever the mode).
   */
  async scope<S extends ReadService>(req: Request, service: S, method: ReadMethod<S>): Promise<ReadScope> {
    const decision = await this.access.decision();
    const caller = this.access.callerOf((req as Request & { user?: Principal }).user);
    if (!decision.usesService(caller, service, method)) {
      if (caller.anonymous) throw new CatalogError('UNAUTHENTICATED', 'Authentication required: send valid Basic credentials');
      throw new CatalogError('FORBIDDEN', `You may not call ${service} ${method}`);
    }
    return new ReadScope(decision, caller, service, method);
  }

  /**
   * Whether the request's caller may see the workspace `workspace` at all: it reads the workspace,
   * or one of `names` in it (the layers and groups a rule may open there), asked only when not.
   */
  async seesWorkspace(req: Request, workspace: string, names: () => Promise<string[]>): Promise<{ sees: boolean; refusal: () => CatalogError }> {
    const decision = await this.access.decision();
    const caller = this.access.callerOf((req as Request & { user?: Principal }).user);
    const sees = decision.readsWorkspace(caller, workspace) || (await names()).some((n) => decision.readsLayer(caller, workspace, n));
    return { sees, refusal: () => refusal(decision, caller, `workspace '${workspace}'`) };
  }
}

/** Pages of collections (`workspace:layer` ids) without those the scope's caller may not read. */
export async function* readableCollections<T extends { id: string }>(pages: AsyncIterable<T[]>, scope: ReadScope): AsyncGenerator<T[]> {
  for await (const page of pages) yield page.filter((c) => scope.readsCollection(c.id));
}

/** Whether `caller` reads the layer or layer group `name` of `workspace` (null: a global group). */
export function readsPublished(decision: AccessDecision, caller: Caller, workspace: string | null, name: string): boolean {
  return workspace === null ? decision.canGlobalGroup(caller, 'r', name) : decision.readsLayer(caller, workspace, name);
}

/** The catalog mode's refusal for `caller` as an error (`what` says what was asked for). */
export function refusal(decision: AccessDecision, caller: Caller, what: string): CatalogError {
  const code = decision.refusal(caller);
  if (code === 'NOT_FOUND') return new CatalogError('NOT_FOUND', `No such ${what}`);
  if (code === 'UNAUTHENTICATED') return new CatalogError('UNAUTHENTICATED', 'Authentication required: send valid Basic credentials');
  return new CatalogError('FORBIDDEN', `You may not read ${what}`);
}
