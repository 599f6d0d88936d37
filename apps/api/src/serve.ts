import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { AppModule } from './app.module';
import { readPathCorsMiddleware } from './access/read-cors';
import { crossSiteMiddleware } from './auth/cross-site';
import type { AppConfig } from './config/config';
import { primaryLink } from './cluster/primary-link';
import { workerHeader } from './cluster/worker-header';
import { changeContextMiddleware } from './history/change-context';
import { makePrivate } from './config/private-dir';
import { QuietLogger } from './config/quiet-logger';
import { CatalogExceptionFilter } from './rest/catalog-exception.filter';
import { inputRuleMiddleware } from './rest/input-rule';
import { restPathMiddleware } from './rest/rest.middleware';
import { publicBaseMiddleware } from './rest/rest-request';
import { requestTargetMiddleware } from './rest/request-target';
import { RestHttpAdapter } from './rest/rest-http-adapter';
import { RouteTable } from './rest/route-table';
import { PublicBase } from './settings/public-base';
import { mountConsole } from './web/console-static';
import { Middleware, middlewareSequence } from './web/middleware-sequence';
import { securityHeaders } from './web/security-headers';

/**
 * Starts the api in this process: alone (`WORKERS=1`), or as one of the primary's workers, which
 * then says it is ready instead of printing where it listens (the primary prints that once).
 */
export async function serve(config: AppConfig): Promise<void> {
  // Owner-only files: the data directory holds the catalog (password hashes) and the keys.
  process.umask(0o077);
  makePrivate(config.dataDir);
  const logger = new Logger('geocatalog');
  // Bodies are read after authentication by WriteGuard (XML, JSON and SLD alike, with size
  // limits); what handlers return is written by RestHttpAdapter.
  const server = express();
  // Routes match case-sensitively, as GeoServer's do: `/Rest/` is no second way past the REST
  // middleware, which reads `/rest` literally (contract §6). Set before Express creates its router.
  server.set('case sensitive routing', true);
  const app = await NestFactory.create<NestExpressApplication>(AppModule, new RestHttpAdapter(server), {
    bodyParser: false,
    logger: new QuietLogger('geocatalog'),
  });
  server.disable('x-powered-by');
  // GeoServer sends no ETags; hashing every body would only cost time.
  server.set('etag', false);
  const publicBase = app.get(PublicBase);
  const worker = primaryLink();
  // The catalog's middlewares, in this order, as one Express layer (see middlewareSequence).
  const middlewares: Middleware[] = [
    // One path for everything after this: `//`, `/./`, `/../` resolved, before any rule reads it.
    requestTargetMiddleware(),
    securityHeaders(config.contextPath),
    ...(worker ? [workerHeader()] : []),
    // Cross-site writes are refused before any body is read or route runs.
    crossSiteMiddleware(config),
    // The map and feature read paths: CORS preflights answered, allowed origins echoed (contract §12).
    readPathCorsMiddleware(config.contextPath, config.allowedOrigins),
    // NUL, control characters and broken UTF-8 in the path, query or headers: 400 before routing.
    inputRuleMiddleware(),
    // Links start with the settings' proxyBaseUrl when set, else with what the request came in on.
    publicBaseMiddleware((req) => publicBase.of(req)),
    restPathMiddleware(config.contextPath, config.trustProxy, config.requireIfMatch),
    // Every request's changes share its id; the history reads who made them from it.
    changeContextMiddleware(),
  ];
  app.use(middlewareSequence(middlewares));
  const consoleServed = mountConsole(server, config.contextPath, config.webRoot);
  if (config.contextPath) app.setGlobalPrefix(config.contextPath.slice(1));
  app.useGlobalFilters(new CatalogExceptionFilter());
  app.enableShutdownHooks();
  await app.listen(config.port, config.host);
  app.get(RouteTable).load(server);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (worker) {
    worker.tell({ type: 'gc:ready', port, console: consoleServed });
    return;
  }
  logger.log(`REST API at http://localhost:${port}${config.contextPath}/rest`);
  if (consoleServed) logger.log(`Console at http://localhost:${port}${config.contextPath}/web/`);
  else logger.warn(`Console not built (${config.webRoot} has no index.html): run npm run build`);
}
