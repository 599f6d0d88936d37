import { RequestMethod, SetMetadata } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { CatalogErrorCode } from '@geocatalog/catalog-model';
import { STATUS_OF } from '../rest/error-response';
import { BODY_ERRORS, BodyKind, HttpMethod, PathParameter, QueryParameter, RestOperation, Success, Tag, TAGS } from './operation-parts';

/**
 * What a handler declares about itself for the OpenAPI document; its method and path are the
 * route decorators' (Nest's metadata), so they cannot disagree with what is served.
 */
export interface OperationSpec {
  operationId: string;
  summary: string;
  description?: string;
  query?: QueryParameter[];
  /** The request body; any body also brings 400, 413 and 415. */
  body?: BodyKind;
  success: Success;
  /**
   * Codes the handler (its service) may answer with, beyond those of every operation (401, 403,
   * 429; 412 and 428 for writes to one record): each documents its status (`STATUS_OF`).
   */
  throws?: CatalogErrorCode[];
  /** Path parameters with another example than the default (e.g. a bare layer name). */
  examples?: Partial<Record<PathParameter, string>>;
}

/** One of the routes a handler serves (a controller or a route decorator may name several paths). */
export interface DeclaredRoute {
  /** Below `/rest`, OpenAPI syntax (`/workspaces/{ws}/styles`). */
  path: string;
  /** Its path parameters (`['ws']`). */
  params: string[];
}

/** A declaration, or one per route for a handler whose routes differ (`…InWorkspace` variants). */
export type OperationDeclaration = OperationSpec | ((route: DeclaredRoute) => OperationSpec);

const OPERATION = 'geocatalog:openapi-operation';
const OPERATION_TAG = 'geocatalog:openapi-tag';

/** Documents a `/rest` handler: see {@link OperationSpec} and `README.md` beside this file. */
export const Operation = (declaration: OperationDeclaration): MethodDecorator => SetMetadata(OPERATION, declaration);

/** The group (tag) every documented handler of the controller is listed under. */
export const OperationTag = (tag: Tag): ClassDecorator => SetMetadata(OPERATION_TAG, tag);

const METHODS: Partial<Record<RequestMethod, HttpMethod>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.DELETE]: 'DELETE',
};

const asList = (paths: unknown): string[] => (Array.isArray(paths) ? paths : [paths ?? '/']).map(String);

/** `rest/workspaces/:ws` + `:ds` → `/workspaces/{ws}/{ds}`; null outside `/rest`. */
function restPath(controllerPath: string, handlerPath: string): string | null {
  const segments = [controllerPath, handlerPath].flatMap((p) => p.split('/')).filter(Boolean);
  if (segments[0] !== 'rest') return null;
  return `/${segments.slice(1).join('/')}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The routes a controller's handler serves below `/rest`, with its method. */
function routesOf(controller: object, handler: object): Array<DeclaredRoute & { method: HttpMethod | undefined }> {
  const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
  const routes = [];
  for (const base of asList(Reflect.getMetadata(PATH_METADATA, controller))) {
    for (const own of asList(Reflect.getMetadata(PATH_METADATA, handler))) {
      const path = restPath(base, own);
      if (path !== null) routes.push({ method, path, params: [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name) });
    }
  }
  return routes;
}

function handlersOf(controller: { prototype: object }): Array<[string, object]> {
  const proto = controller.prototype as Record<string, unknown>;
  return Object.getOwnPropertyNames(proto)
    .filter((name) => name !== 'constructor' && typeof proto[name] === 'function' && Reflect.hasMetadata(PATH_METADATA, proto[name] as object))
    .map((name) => [name, proto[name] as object]);
}

/** A spec's statuses: those its codes map to, and the body errors when it reads a body. */
function errorsOf(spec: OperationSpec): number[] {
  const statuses = (spec.throws ?? []).map((code) => STATUS_OF[code]);
  return [...new Set([...(spec.body ? BODY_ERRORS : []), ...statuses])].sort();
}

/** A `/rest` route whose handler has no `@Operation` (the document lists it as undocumented). */
export interface UndeclaredRoute {
  method: string;
  path: string;
  handler: string;
}

/**
 * Every documented operation of these controllers, one per route of each `@Operation` handler,
 * in the order of {@link TAGS}; `undeclared` collects the `/rest` handlers without one.
 */
export function declaredOperations(controllers: Array<{ name: string; prototype: object }>): { operations: RestOperation[]; undeclared: UndeclaredRoute[] } {
  const operations: RestOperation[] = [];
  const undeclared: UndeclaredRoute[] = [];
  for (const controller of controllers) {
    const tag = Reflect.getMetadata(OPERATION_TAG, controller) as Tag | undefined;
    for (const [name, handler] of handlersOf(controller)) {
      const declaration = Reflect.getMetadata(OPERATION, handler) as OperationDeclaration | undefined;
      for (const route of routesOf(controller, handler)) {
        const where = `${controller.name}.${name}`;
        // A catch-all (`rest/*path`, every method) is no operation of the API.
        if (route.method === undefined || route.path.includes('*')) continue;
        if (!declaration) {
          undeclared.push({ method: route.method, path: route.path, handler: where });
          continue;
        }
        if (!tag) throw new Error(`${controller.name} documents ${name} but has no @OperationTag`);
        const spec = typeof declaration === 'function' ? declaration(route) : declaration;
        const { throws: _codes, ...described } = spec;
        operations.push({ ...described, method: route.method, path: route.path, tag, errors: errorsOf(spec) });
      }
    }
  }
  const order = Object.keys(TAGS);
  return { operations: operations.sort((a, b) => order.indexOf(a.tag) - order.indexOf(b.tag)), undeclared };
}
