import { Logger, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import passport from 'passport';
import { SITE_NAME } from '../../common/constants.js';
import { MSG } from '../../common/messages.js';
import { ApiError } from './common/api-error.js';
import { AppModule } from './app.module.js';
import { SessionMiddleware } from './auth/session.middleware.js';
import { PublicCacheService } from './cache/public-cache.service.js';
import type { AppConfig } from './config/config.js';
import { StaticFiles } from './static/static-files.js';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** Builds the whole app exactly as production runs it; the tests use this too. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  // passport keeps (de)serializers on a process-wide singleton; an app created after
  // another one in the same process (tests, restarts) must not inherit the old ones.
  const authenticator = passport as unknown as { _serializers: unknown[]; _deserializers: unknown[] };
  authenticator._serializers = [];
  authenticator._deserializers = [];
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: LEVELS.slice(0, LEVELS.indexOf(config.logLevel) + 1),
    bufferLogs: false,
  });
  app.enableShutdownHooks();
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // Repeated public reads (DESIGN §6) are answered first, with the headers the whole stack gave their first answer.
  app.use(app.get(PublicCacheService).fastPath);
  // Image fields may carry a picture as a base64 data URL; the Media module gives SPEC's 5 MB message,
  // so the body limit sits well above 5 MB of base64 (6.7 MB) to let that message through.
  app.useBodyParser('json', { limit: '16mb' });
  app.use(bodyParserErrors);

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
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
  // Built files, compressed once at build time, from memory; only paths that are files reach the handler,
  // so page routes never look at the disk.
  const staticFiles = StaticFiles.load(config.frontendDir);
  app.use('/assets', staticFiles.serve);
  if (staticFiles.rootPaths.length) app.use(staticFiles.rootPaths, staticFiles.serve);
  // br/gzip for the dynamic answers (pages, JSON, XML, CSV) that follow; streamed bodies stay streamed.
  app.use(compression());

  app.use(app.get(SessionMiddleware).handler);
  app.use(passport.initialize());
  app.use(passport.session());

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
  return app;
}

/** body-parser's own errors, turned into the API's words before Nest's handler sees them. */
function bodyParserErrors(err: { type?: string } | undefined, _req: Request, _res: Response, next: NextFunction) {
  if (err?.type === 'entity.parse.failed') return next(new ApiError(400, MSG.invalidJson));
  if (err?.type === 'entity.too.large') return next(new ApiError(413, MSG.bodyTooLarge));
  next(err);
}

export async function startServer(config: AppConfig): Promise<NestExpressApplication> {
  const app = await createApp(config);
  await app.listen(config.port);
  new Logger('Server').log(`Listening on ${config.publicSiteUrl} (port ${config.port})`);
  return app;
}
