import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { crossSiteMiddleware } from './auth/cross-site';
import { ConfigError, loadConfig } from './config/config';
import { changeContextMiddleware } from './history/change-context';
import { makePrivate } from './config/private-dir';
import { QuietLogger } from './config/quiet-logger';
import { CatalogExceptionFilter } from './rest/catalog-exception.filter';
import { inputRuleMiddleware } from './rest/input-rule';
import { restPathMiddleware } from './rest/rest.middleware';
import { RouteTable } from './rest/route-table';
import { mountConsole } from './web/console-static';
import { securityHeaders } from './web/security-headers';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  // Owner-only files: the data directory holds the catalog (password hashes) and the keys.
  process.umask(0o077);
  makePrivate(config.dataDir);
  const logger = new Logger('geocatalog');
  // Bodies are read after authentication by BodyReaderInterceptor (XML, JSON and SLD alike, with size limits).
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    bodyParser: false,
    logger: new QuietLogger('geocatalog'),
  });
  const server = app.getHttpAdapter().getInstance();
  server.disable('x-powered-by');
  // GeoServer sends no ETags; hashing every body would only cost time.
  server.set('etag', false);
  app.use(securityHeaders(config.contextPath));
  // Cross-site writes are refused before any body is read or route runs.
  app.use(crossSiteMiddleware(config));
  // NUL, control characters and broken UTF-8 in the path, query or headers: 400 before routing.
  app.use(inputRuleMiddleware());
  app.use(restPathMiddleware(config.contextPath, config.trustProxy, config.requireIfMatch));
  // Every request's changes share its id; the history reads who made them from it.
  app.use(changeContextMiddleware());
  const consoleServed = mountConsole(server, config.contextPath, config.webRoot);
  if (config.contextPath) app.setGlobalPrefix(config.contextPath.slice(1));
  app.useGlobalFilters(new CatalogExceptionFilter());
  app.enableShutdownHooks();
  await app.listen(config.port, config.host);
  app.get(RouteTable).load(server);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.log(`REST API at http://localhost:${port}${config.contextPath}/rest`);
  if (consoleServed) logger.log(`Console at http://localhost:${port}${config.contextPath}/web/`);
  else logger.warn(`Console not built (${config.webRoot} has no index.html): run npm run build`);
}

bootstrap().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('geocatalog failed to start:', err);
  }
  process.exit(1);
});
