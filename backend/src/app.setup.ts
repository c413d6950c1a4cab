import { Logger, type INestApplicationContext, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import passport from 'passport';
import { SITE_NAME } from '../../common/constants.js';
import { MSG } from '../../common/messages.js';
import { answerClientErrors } from './common/body-limits.js';
import { AppModule } from './app.module.js';
import { privateWhenSettingCookie } from './auth/private-when-setting-cookie.js';
import { SessionMiddleware } from './auth/session.middleware.js';
import { answerAtTheEdge } from './cache/fast-path.js';
import { PublicCacheService } from './cache/public-cache.service.js';
import { GracefulShutdown } from './health/graceful-shutdown.service.js';
import { HealthService } from './health/health.service.js';
import { WorkerChild, type WorkerChildMessage } from './health/worker-child.service.js';
import { DATABASE, type DatabaseConnection } from './db/connection.js';
import { surviveDatabaseLoss } from './database/connection-loss.js';
import { connectionBudget, type AppConfig } from './config/config.js';
import { INLINE_SCRIPT_HASHES } from './seo/site-pages.service.js';
import { StaticFiles } from './static/static-files.js';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** Builds the whole app exactly as production runs it; the tests use this too. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  surviveDatabaseLoss();
  // passport keeps (de)serializers on a process-wide singleton; an app created after
  // another one in the same process (tests, restarts) must not inherit the old ones.
  const authenticator = passport as unknown as { _serializers: unknown[]; _deserializers: unknown[] };
  authenticator._serializers = [];
  authenticator._deserializers = [];
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: LEVELS.slice(0, LEVELS.indexOf(config.logLevel) + 1),
    bufferLogs: false,
    // A start that fails (no database, bad configuration) reaches main's message, not process.abort().
    abortOnError: false,
    // Bodies are parsed by BodyGuard after the access check, per the route's labels (access/route-labels.ts).
    bodyParser: false,
  });
  // SIGTERM/SIGINT: finish the requests in flight (GracefulShutdown), then close pools and the database.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // Built files (compressed once at build time) and repeated public reads (docs/design.md §6, with the headers the
  // whole stack gave their first answer) are answered from memory before Express: cache/fast-path.ts.
  const staticFiles = StaticFiles.load(config.frontendDir);
  answerAtTheEdge(app.getHttpServer(), app.getHttpAdapter().getInstance(), [staticFiles.answer, app.get(PublicCacheService).answerAtEdge], app.get(GracefulShutdown));
  // What reaches Express under /assets is no built file: a 404, never the page shell.
  app.use('/assets', staticFiles.notAFile);
  // Bodies are read by BodyGuard (access/), per the route's labels and after its access check.
  answerClientErrors(app.getHttpServer());

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // The pages' two inline scripts (the boot splash's first-paint decision, the deferred scripts' loader), by their hashes.
          'script-src': ["'self'", ...INLINE_SCRIPT_HASHES],
          'img-src': ["'self'", 'data:', 'https:'],
          'connect-src': ["'self'"],
          'upgrade-insecure-requests': config.publicSiteUrl.startsWith('https://') ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Partner firms may credit referrals by origin, so say where a visitor came from (not the full URL).
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: config.publicSiteUrl.startsWith('https://'),
    }),
  );
  // The raw shell has no page head: its one URL is the home page.
  app.use('/index.html', (req: Request, res: Response, next: NextFunction) =>
    req.path === '/' && (req.method === 'GET' || req.method === 'HEAD') ? res.redirect(301, '/') : next(),
  );
  // br/gzip for the dynamic answers (pages, JSON, XML, CSV) that follow; streamed bodies stay streamed.
  app.use(compression());

  app.use(privateWhenSettingCookie);
  app.use(app.get(SessionMiddleware).handler);
  app.use(passport.initialize());
  app.use(passport.session());

  // The API description lists every admin route: served in development, in production only on request.
  if (config.apiDocs) {
    const document = SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle(`${SITE_NAME} API`)
        .setDescription('Public calls under /_api, admin calls under /_api/admin (admin session cookie required).')
        .setVersion('1')
        .addCookieAuth('vtf.sid')
        .build(),
    );
    SwaggerModule.setup('_api/docs', app, document, { jsonDocumentUrl: '_api/docs-json' });
  }
  return app;
}

/**
 * Starts this copy's role (issue #32): `web` and `worker` as themselves; `all` as the web role here, with every job in a
 * worker child process (WorkerChild) forked once the site listens.
 */
export async function startServer(config: AppConfig): Promise<INestApplicationContext> {
  if (!config.servesWeb) return startWorker(config);
  // The parent of `all` is a web copy in all but its name (health still reports `all`, with the child's state).
  const app = await createApp(config.role === 'all' ? { ...config, runsJobs: false, connections: connectionBudget('web', config.connections.orm) } : config);
  await app.listen(config.port);
  const logger = new Logger('Server');
  logger.log(`Listening on ${config.publicSiteUrl} (port ${config.port}, role ${config.role})`);
  if (config.role === 'all') app.get(WorkerChild).start(app.get<DatabaseConnection>(DATABASE).url);
  if (config.publicSiteUrl.startsWith('https://') && config.trustProxy === false) {
    // This server speaks plain http: only a proxy's X-Forwarded-Proto can make a request count as https.
    logger.warn(
      'PUBLIC_SITE_URL is https, so the session cookie is Secure, but TRUST_PROXY is not set: every request is seen ' +
        'as plain http and no admin can sign in. Set TRUST_PROXY to the proxy that terminates TLS (e.g. 1).',
    );
  }
  return app;
}

/**
 * ROLE=worker: the whole app without its web side (every module, so every job's handler is there), and one HTTP
 * route, GET /_api/health, on PORT — for a container's or a balancer's check; anything else is a 404 in the API's
 * error shape. Forked by an `all` parent, it says when it is ready over IPC and stops when that channel closes.
 */
async function startWorker(config: AppConfig): Promise<INestApplicationContext> {
  surviveDatabaseLoss();
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), {
    logger: LEVELS.slice(0, LEVELS.indexOf(config.logLevel) + 1),
    abortOnError: false,
  });
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  await app.init();
  const health = app.get(HealthService);
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (path !== '/_api/health' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return answer(404, { statusCode: 404, error: MSG.routeNotFound, message: MSG.routeNotFound });
    }
    health.check().then(
      (h) => answer(h.status === 'ok' ? 200 : 503, h),
      () => answer(503, { statusCode: 503, error: MSG.unknownError, message: MSG.unknownError }),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(config.port, resolve));
  // Closed with the process: a worker's health is no traffic to drain.
  server.unref();
  const port = (server.address() as AddressInfo).port;
  new Logger('Worker').log(`Working every queue; health on port ${port}`);
  if (process.send) {
    // Ctrl-C reaches the whole group and the parent then sends SIGTERM: a second signal during the drain must not
    // take its default action (the end of the process). Nest's own listener handles the first; these keep the rest.
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => undefined);
    process.send({ worker: 'ready' } satisfies WorkerChildMessage);
    // The parent is gone (killed without a stop): stop as on SIGTERM, so no orphan keeps working.
    process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  }
  return app;
}
