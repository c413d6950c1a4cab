import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { createInterface } from 'node:readline';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { WorkerState } from './health.service.js';

/**
 * Nice value of `all`'s worker child: below the web's, so a visitor's request gets a core first while a campaign
 * goes out (the kernel's ordinary fair scheduler, no real-time or idle class), yet never starved outright.
 */
export const WORKER_NICE = 10;
/** First wait before starting a worker child again after it died; doubles up to the cap, reset once one ran a minute. */
const RESTART_MS = 1000;
const RESTART_MAX_MS = 30_000;

/** What the worker child says to its parent over IPC. */
export interface WorkerChildMessage { worker: 'ready' }

/**
 * ROLE=all (issue #32): the web role in this process and every job in a child process, `node main.js` again with
 * ROLE=worker on this process's database — what a deployment with separate worker copies runs, on one machine.
 * Its priority is lowered, its lines are prefixed `[worker]`, it is started again when it dies, and a stop of the
 * parent (SIGTERM/SIGINT) stops it first — its jobs finish or hand over within the grace period — before the
 * database closes. If the parent dies without a stop, the child sees the IPC channel close and stops itself.
 */
@Injectable()
export class WorkerChild implements BeforeApplicationShutdown {
  private readonly logger = new Logger('WorkerChild');
  private child: ChildProcess | undefined;
  private state: WorkerState = 'starting';
  private stopping = false;
  private restartMs = RESTART_MS;
  private restartTimer: NodeJS.Timeout | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get status(): WorkerState {
    return this.state;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Forks the worker on `databaseUrl` (the embedded server's, when this process started one). */
  start(databaseUrl: string): void {
    if (this.stopping) return;
    const startedAt = Date.now();
    const child = fork(process.argv[1]!, process.argv.slice(2), {
      execArgv: process.execArgv,
      env: {
        ...process.env,
        ROLE: 'worker',
        // Its health answers on a port of its own choosing: the parent's /_api/health reports it.
        PORT: '0',
        // Links in mail name the site's address, which PUBLIC_SITE_URL's default derives from the parent's PORT.
        PUBLIC_SITE_URL: this.config.publicSiteUrl,
        DATABASE_URL: databaseUrl,
        // The parent ran the seed and made the first admin before forking.
        SEED_DEMO_CONTENT: 'false',
        ADMIN_EMAIL: '',
        ADMIN_PASSWORD: '',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    this.child = child;
    this.state = this.state === 'restarting' ? 'restarting' : 'starting';
    try {
      setPriority(child.pid!, WORKER_NICE);
    } catch (error) {
      this.logger.warn(`Could not lower the worker's priority: ${(error as Error).message}`);
    }
    prefixLines(child.stdout!, process.stdout);
    prefixLines(child.stderr!, process.stderr);
    child.on('message', (message: WorkerChildMessage) => {
      if (message?.worker === 'ready' && this.child === child) this.state = 'up';
    });
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      if (this.stopping) {
        this.state = 'stopped';
        return;
      }
      if (Date.now() - startedAt > 60_000) this.restartMs = RESTART_MS;
      this.state = 'restarting';
      this.logger.error(`The worker process exited (${signal ?? `code ${code}`}); starting it again in ${this.restartMs} ms`);
      this.restartTimer = setTimeout(() => this.start(databaseUrl), this.restartMs);
      this.restartMs = Math.min(this.restartMs * 2, RESTART_MAX_MS);
    });
  }

  /** After the HTTP drain's start (same hook), before the database closes: SIGTERM, the child's own grace, then SIGKILL. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), this.config.shutdownGraceMs + 5000);
    await exited;
    clearTimeout(timer);
  }
}

function prefixLines(from: NodeJS.ReadableStream, to: NodeJS.WritableStream): void {
  createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`[worker] ${line}\n`));
}
