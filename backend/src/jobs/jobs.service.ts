import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import PgBoss from 'pg-boss';
import { nextWeeklyRun, WEEKLY_MARGIN_MS, type WeeklyTime } from '../../../common/digest-schedule.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DATABASE, type DatabaseConnection } from '../db/connection.js';
import { guardPgBossCompletion } from './pg-boss-guard.js';

/** pg-boss keeps its tables here, apart from the app's (own migrations, own schema). */
export const JOBS_SCHEMA = 'pgboss';
/** Suffix of each queue's dead-letter queue: where a job lands once its retries are used up. */
export const DEAD_SUFFIX = '__dead';
/** How often an idle worker asks for work; a job sent from this process wakes its worker at once (notifyWorker). */
const POLL_SECONDS = 1;

/**
 * The queue whose handler is running, for whatever that handler's statements reach (logs, the SQL a test counts):
 * work on a timer must never be mistaken for the work a request caused.
 */
export const runningJob = new AsyncLocalStorage<{ queue: string }>();

export interface JobContext {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<unknown>;

/** A repeating queue's chain: when its next run is due, in seconds from now or at an instant. */
type Repeat = (afterRun: boolean) => number | Date;

/** The send options of a chain's first run: a weekly one waits for its time; a waiting one (queued by an earlier start) is kept, since the queue is stately. */
function firstRun(next: Repeat): SendOptions {
  const due = next(false);
  return { singletonKey: 'repeat', ...(due instanceof Date && { startAfter: due }) };
}

export interface QueueOptions {
  /** Attempts after the first before the job is dead (default 5). */
  retryLimit?: number;
  /** First retry delay; each further one doubles, with jitter (pg-boss retryBackoff). Default 5 s. */
  retryDelaySeconds?: number;
  /** A job active longer than this is taken to have died with its worker and is retried (default 120 s). */
  expireInSeconds?: number;
  /**
   * 'standard': any number queued. 'stately': at most one job queued and one running per singletonKey — a
   * repeated task (every()) or a fan-out that must never run twice at once.
   */
  policy?: 'standard' | 'stately';
  /** Jobs of this queue one process runs at the same time (default 1). */
  concurrency?: number;
}

export interface SendOptions {
  /** With a 'stately' queue, one job per key queued at a time; a second send answers null. */
  singletonKey?: string;
  /** Not before this instant, or this many seconds from now. */
  startAfter?: Date | number;
}

interface Registration {
  name: string;
  handler: JobHandler<unknown>;
  options: QueueOptions;
  workerIds: string[];
}

/**
 * The one door to background work (issue #16): pg-boss 10 in the app's PostgreSQL, schema `pgboss`.
 *
 * - `register(queue, handler, options)` in a module's constructor or onModuleInit: the queue, its dead-letter
 *   queue (`<queue>__dead`) and this process's workers are created when the jobs start.
 * - `send(queue, data, { singletonKey, startAfter })`: stored when it resolves; runs once, on one instance.
 * - `weekly(queue, { weekday, hour })`: every week at that New York time (common/digest-schedule.ts), once for all
 *   instances, as a chain of deferred jobs like `every`. Not pg-boss's cron: its monitor evaluated each time-zone cron
 *   with cron-parser and luxon every 30 s on the event loop that answers visitors, 17–29 ms per weekly cron.
 * - `every(queue, seconds)`: a task repeated every N seconds (the interval pg-boss's minute-resolution cron cannot
 *   express), as a chain of deferred jobs on a stately queue: one waiting at a time, whatever the number of instances.
 *
 * Each job runs on exactly one instance: pg-boss takes it with SELECT … FOR UPDATE SKIP LOCKED. A handler that
 * throws is retried with exponential backoff; past retryLimit the job is copied to the dead-letter queue, where
 * the admin sees it and can send it back (JobsAdminService). Started in onApplicationBootstrap (after the
 * migrations of onModuleInit); stopped in beforeApplicationShutdown — after the HTTP server drained (JobsModule
 * is global, so its hook runs after the app's own modules'), before the database closes (onApplicationShutdown).
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly registrations = new Map<string, Registration>();
  /** Chains of deferred jobs: when each queue's next run is due (seconds from now, or an instant), at start or after a run. */
  private readonly repeats = new Map<string, Repeat>();
  private readonly startTasks: Array<{ name: string; task: () => Promise<void> }> = [];
  private boss: PgBoss | undefined;
  private started: Promise<PgBoss> | undefined;
  /** Aborted when the app starts stopping. */
  private readonly stop = new AbortController();

  constructor(
    @Inject(DATABASE) private readonly db: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Before the start (constructor, onModuleInit) the queue is created and worked when the jobs start; after it, at
   * once — the promise says when its workers are listening.
   */
  async register<T>(name: string, handler: JobHandler<T>, options: QueueOptions = {}): Promise<void> {
    if (this.registrations.has(name)) throw new Error(`Jobs: queue ${name} is registered twice`);
    const registration: Registration = { name, handler: handler as JobHandler<unknown>, options, workerIds: [] };
    this.registrations.set(name, registration);
    if (this.boss) await this.attach(this.boss, registration);
  }

  /** Runs `queue` (registered with policy 'stately', its data `{}`) every week at `at` New York time, once for all instances. */
  weekly(name: string, at: WeeklyTime): void {
    // After a run, the week after the one it ran for, even if this clock is a little behind the database's (which
    // started the run): the same hour again would run twice.
    this.repeat(name, (afterRun) => nextWeeklyRun(new Date(Date.now() + (afterRun ? WEEKLY_MARGIN_MS : 0)), at));
  }

  /** Runs `queue` (registered with policy 'stately') every `seconds`, the first time at start. */
  every(name: string, seconds: number): void {
    this.repeat(name, () => seconds);
  }

  /** Keeps `queue`'s chain (`next`: when the run after this one is due) and, once started, queues its first run. */
  private repeat(name: string, next: Repeat): void {
    this.repeats.set(name, next);
    if (this.boss && this.works) void this.send(name, {}, firstRun(next));
  }

  /**
   * Work done once the jobs have started and before the app reports itself started: catching up with what fell
   * due while no instance ran (scheduled posts and campaigns). A failing task is logged, not fatal: the records
   * it missed are still caught up by their own jobs or the next start.
   */
  atStart(name: string, task: () => Promise<void>): void {
    this.startTasks.push({ name, task });
  }

  /**
   * A deferred job per record that a re-save moves instead of adding a second one: the job waiting under
   * `singletonKey` (not one already running) is deleted, then the new one is sent. On a 'stately' queue a plain
   * send would keep the old time (it answers null while one waits).
   */
  async reschedule<T extends object>(name: string, data: T, options: SendOptions & { singletonKey: string }): Promise<string | null> {
    const boss = await this.ready();
    await boss.getDb().executeSql(
      `delete from ${JOBS_SCHEMA}.job where name = $1 and singleton_key = $2 and state = 'created'`, [name, options.singletonKey],
    );
    return this.send(name, data, options);
  }

  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    const boss = await this.ready();
    const startAfter = typeof options.startAfter === 'number' ? Math.max(0, Math.round(options.startAfter)) : options.startAfter;
    const id = await boss.send(name, data, {
      ...(options.singletonKey !== undefined && { singletonKey: options.singletonKey }),
      ...(startAfter !== undefined && { startAfter }),
    });
    // A job due now is taken by this process's idle worker at once instead of at its next poll.
    if (id && (startAfter === undefined || startAfter === 0)) this.wake(name);
    return id;
  }

  /** True once the app is stopping: a long job (a campaign's fan-out) ends its current step and hands over. */
  get isStopping(): boolean {
    return this.stop.signal.aborted;
  }

  /** Aborted when the app starts stopping, for long work outside this thread (a fan-out in the mail thread). */
  get stopSignal(): AbortSignal {
    return this.stop.signal;
  }

  /** The running pg-boss, for JobsAdminService's reads and for tests: waits for the start. */
  async ready(): Promise<PgBoss> {
    if (!this.started) throw new Error('Jobs: not started yet (send from onApplicationBootstrap or later)');
    return this.started;
  }

  /** Whether this process works the queues (ROLE worker, or `all` in one process); a web copy only sends. */
  get works(): boolean {
    return this.config.runsJobs;
  }

  /** For /_api/health: whether this process's pg-boss is running (sending, and working where it works). */
  get running(): boolean {
    return this.boss !== undefined;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.started = this.start();
    await this.started;
    // Catching up is a job's work: a web copy leaves it to the workers (issue #32).
    if (!this.works) return;
    // After the start (the tasks send jobs, which wait for it).
    for (const { name, task } of this.startTasks) {
      try {
        await task();
      } catch (error) {
        this.logger.warn(`Start task ${name} failed: ${(error as Error).message}`);
      }
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (!this.boss || this.isStopping) return;
    this.stop.abort();
    // Jobs running now get the same grace as requests in flight; past it pg-boss fails them so they are retried.
    await this.boss.stop({ graceful: true, wait: true, close: true, timeout: Math.max(1000, this.config.shutdownGraceMs) });
    this.boss = undefined;
  }

  private async start(): Promise<PgBoss> {
    guardPgBossCompletion();
    const boss = new PgBoss({
      connectionString: this.db.url,
      schema: JOBS_SCHEMA,
      application_name: this.works ? 'vtf-jobs' : 'vtf-jobs-send',
      max: this.config.connections.jobs,
      // A web copy (issue #32) only sends: no maintenance, expiry or cron monitoring of its own — the workers do that.
      supervise: this.works,
      schedule: this.works,
      // Failed jobs stay visible (and retryable) in the admin for a week; completed ones a day.
      archiveCompletedAfterSeconds: 24 * 3600,
      archiveFailedAfterSeconds: 7 * 24 * 3600,
      deleteAfterDays: 7,
      // Expiry (a job whose process died) is applied by this maintenance pass: every 20 s instead of pg-boss's
      // 120 s, so a campaign whose instance was killed resumes within a minute (one instance runs it per interval).
      maintenanceIntervalSeconds: 20,
    });
    boss.on('error', (error) => this.logger.warn(`pg-boss: ${error.message}`));
    await boss.start();
    for (const registration of this.registrations.values()) await this.attach(boss, registration);
    if (!this.works) {
      this.boss = boss;
      return boss;
    }
    // Crons an earlier version kept in pg-boss: their chains below replace them (both would run).
    for (const { name } of await boss.getSchedules()) await boss.unschedule(name);
    this.boss = boss;
    // Not this.send: it waits for this very start.
    for (const [name, next] of this.repeats) await boss.send(name, {}, firstRun(next));
    return boss;
  }

  private async attach(boss: PgBoss, registration: Registration): Promise<void> {
    const { name, options } = registration;
    const dead = `${name}${DEAD_SUFFIX}`;
    const queue = {
      retryLimit: options.retryLimit ?? 5,
      retryDelay: options.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: options.expireInSeconds ?? 120,
    };
    // Created (or brought up to date) by whichever instance starts first; the others find them there.
    // create_queue is an insert … on conflict do nothing, so instances starting together agree — but its partition
    // DDL can deadlock with another instance's, which is then simply tried again. The update brings the retry
    // settings of an existing queue up to this version's.
    await retryOnDeadlock(async () => {
      if (!(await boss.getQueue(dead))) await boss.createQueue(dead, { name: dead, policy: 'standard', retryLimit: 0 });
      const settings = { name, policy: options.policy ?? 'standard', deadLetter: dead, ...queue };
      // (updateQueue resets an omitted policy to 'standard': always give it.)
      if (!(await boss.getQueue(name))) await boss.createQueue(name, settings);
      else await boss.updateQueue(name, settings);
    });
    // A web copy sends to the queue (it must exist for that) and never takes from it.
    if (!this.works) return;
    const nextRun = () => this.repeats.get(name)?.(true);
    for (let i = 0; i < (options.concurrency ?? 1); i++) {
      const id = await boss.work<object>(
        name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: POLL_SECONDS },
        async ([job]) => {
          if (!job) return;
          const next = nextRun();
          // The next run is queued before this one works, so a crash mid-run cannot end the chain.
          if (next !== undefined && !this.isStopping) {
            await boss.send(name, {}, { singletonKey: 'repeat', startAfter: next });
          }
          const context = { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit };
          return runningJob.run({ queue: name }, () => registration.handler(job.data, context));
        },
      );
      registration.workerIds.push(id);
    }
  }

  private wake(name: string): void {
    const registration = this.registrations.get(name);
    if (this.boss && registration) for (const id of registration.workerIds) this.boss.notifyWorker(id);
  }
}

async function retryOnDeadlock(work: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: string }).code;
      // 40P01 deadlock, 23505 the other instance's insert won the race: look again.
      if (attempt >= 5 || (code !== '40P01' && code !== '23505')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}
