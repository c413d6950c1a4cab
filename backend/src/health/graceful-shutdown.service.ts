import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/**
 * A stop finishes what it started: on SIGTERM/SIGINT (Nest's shutdown hooks) the server stops accepting,
 * requests in flight — CSV exports included — run to their end within SHUTDOWN_GRACE_MS, and only then do
 * the shutdown hooks close the pools and stop the embedded database.
 */
@Injectable()
export class GracefulShutdown implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Shutdown');
  private readonly inFlight = new Set<Response>();
  private draining = false;
  private drained: (() => void) | undefined;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** First middleware: counts requests in flight; while draining, each answer closes its connection. */
  readonly track = (_req: Request, res: Response, next: NextFunction): void => {
    this.inFlight.add(res);
    if (this.draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      this.inFlight.delete(res);
      if (this.draining) this.afterResponse();
    });
    next();
  };

  async beforeApplicationShutdown(signal?: string): Promise<void> {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server) return;
    this.draining = true;
    if (server.listening) {
      // net.Server's close only stops accepting; http.Server's would also drop accepted connections
      // whose request has not been read yet, which were sent before the signal.
      NetServer.prototype.close.call(server);
    }
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    if (signal) {
      this.logger.log(`${signal}: no new connections; ${this.inFlight.size} request(s) in flight, waiting up to ${this.config.shutdownGraceMs} ms`);
    }
    // Requests already received but not yet parsed get one turn of the event loop to start.
    await new Promise((r) => setTimeout(r, 50));
    server.closeIdleConnections();
    if (this.inFlight.size) {
      const finished = new Promise<void>((resolve) => (this.drained = resolve));
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), this.config.shutdownGraceMs)));
      if (await Promise.race([finished.then(() => false), timedOut])) {
        this.logger.warn(`Grace period over: closing ${this.inFlight.size} request(s) still in flight`);
      }
      clearTimeout(timer);
    }
    server.closeAllConnections();
  }

  private afterResponse(): void {
    // The connection of a finished keep-alive response is idle now: close it rather than wait for its timeout.
    setImmediate(() => {
      (this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined)?.closeIdleConnections();
      if (this.inFlight.size === 0) this.drained?.();
    });
  }
}
