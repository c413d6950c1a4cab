import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/**
 * A stop finishes what it started: on SIGTERM/SIGINT (Nest's shutdown hooks) the server stops accepting,
 * requests in flight — CSV exports included — run to their end within SHUTDOWN_GRACE_MS, and only then do
 * the shutdown hooks close the pools and stop the embedded database.
 *
 * Requests in flight are a number, not a set of responses with a listener each (issue #31: the listeners and
 * their garbage were a tenth of a cached answer's cost). Responses Express handles are counted through hooks on
 * the app's own response prototype (countResponses); answers written whole at the edge (fast-path.ts) are done
 * once written, and counted only in the rare case the socket could not take all their bytes at once.
 */
@Injectable()
export class GracefulShutdown implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Shutdown');
  private inFlight = 0;
  private draining = false;
  private drained: (() => void) | undefined;
  private readonly closedOne = (): void => {
    this.inFlight--;
    if (this.draining) this.afterResponse();
  };

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Requests received and not yet answered to the end. */
  get requestsInFlight(): number {
    return this.inFlight;
  }

  /**
   * Counts every response made from `proto` (Express's per-app `app.response`, which Express gives each request
   * it handles): one more when the request reaches Express, one less on the response's 'close', which Node emits
   * exactly once whether it finished or the client went away. While draining, a head not yet written says
   * `Connection: close`, so no client sends another request on a connection about to close.
   */
  countResponses(proto: object): void {
    const { emit, writeHead } = proto as ServerResponse;
    const closedOne = this.closedOne;
    const draining = (): boolean => this.draining;
    Object.defineProperties(proto, {
      emit: {
        configurable: true,
        writable: true,
        value: function (this: ServerResponse, event: string | symbol, ...args: unknown[]): boolean {
          if (event === 'close') closedOne();
          return emit.call(this, event, ...args);
        },
      },
      writeHead: {
        configurable: true,
        writable: true,
        value: function (this: ServerResponse, ...args: unknown[]): ServerResponse {
          if (draining()) this.shouldKeepAlive = false;
          return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
        },
      },
    });
  }

  /** A request Express will handle (its response comes from the prototype countResponses hooked). */
  started(): void {
    this.inFlight++;
  }

  /** Before an answer is written whole at the edge: while draining, it closes its connection. */
  beforeEdgeAnswer(res: ServerResponse): void {
    if (this.draining) res.shouldKeepAlive = false;
  }

  /** After it: still in flight only when the socket buffered part of it (a slow reader, a large body). */
  afterEdgeAnswer(res: ServerResponse): void {
    if (res.writableLength === 0) {
      if (this.draining) this.afterResponse();
      return;
    }
    this.inFlight++;
    res.once('close', this.closedOne);
  }

  async beforeApplicationShutdown(signal?: string): Promise<void> {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server) return;
    this.draining = true;
    if (server.listening) {
      // net.Server's close only stops accepting; http.Server's would also drop accepted connections
      // whose request has not been read yet, which were sent before the signal.
      NetServer.prototype.close.call(server);
    }
    if (signal) {
      this.logger.log(`${signal}: no new connections; ${this.inFlight} request(s) in flight, waiting up to ${this.config.shutdownGraceMs} ms`);
    }
    // Requests already received but not yet parsed get one turn of the event loop to start.
    await new Promise((r) => setTimeout(r, 50));
    server.closeIdleConnections();
    if (this.inFlight > 0) {
      const finished = new Promise<void>((resolve) => (this.drained = resolve));
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), this.config.shutdownGraceMs)));
      if (await Promise.race([finished.then(() => false), timedOut])) {
        this.logger.warn(`Grace period over: closing ${this.inFlight} request(s) still in flight`);
      }
      clearTimeout(timer);
    }
    server.closeAllConnections();
  }

  private afterResponse(): void {
    // The connection of a finished keep-alive response is idle now: close it rather than wait for its timeout.
    setImmediate(() => {
      (this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined)?.closeIdleConnections();
      if (this.inFlight <= 0) this.drained?.();
    });
  }
}
