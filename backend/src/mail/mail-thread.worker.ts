/**
 * The mail thread (node:worker_threads): every message is built (MIME, quoted-printable, the recipient's slots
 * filled in) and sent over SMTP here, off the event loop that answers web requests. A campaign's copies cost
 * about 2 ms of CPU each in building and small socket writes; on the main thread that time was taken from the
 * public pages (issue #16's send bench: p99 2.1 × idle). A campaign run's rounds (claim, send, record: fan-out.ts)
 * run here too, on a database pool of this thread's own. MailThread is the main thread's side.
 */
import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { fanOut, type FanOutParts } from './fan-out.js';
import { MailTransport, type MailTransportOptions } from './mail-transport.js';
import { fillLetter, MailSendError, type Letter } from './mail.types.js';
import type { AppCall, ThreadReply, ThreadRequest } from './mail-thread.js';

/**
 * Mail is background work: whenever the thread that answers visitors wants a core, it gets it. Linux schedules each
 * thread on its own, so only this one yields: SCHED_IDLE (util-linux's `chrt`; the kernel's class for work that
 * runs only on otherwise idle CPU, preempted at once by any ordinary thread), or nice 19 where chrt cannot be run.
 * The sending rate is the throttle's business, not a race with the web: on a quiet machine the thread still gets a
 * whole core. Elsewhere than Linux the thread keeps the process's priority.
 */
function yieldToTheWeb(): void {
  let threadId: number;
  try {
    threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return; // Not Linux, or no /proc.
  }
  try {
    execFileSync('chrt', ['--idle', '--pid', '0', String(threadId)], { stdio: 'ignore', timeout: 2000 });
  } catch {
    try {
      setPriority(threadId, 19);
    } catch {
      // Not allowed here: same priority as the web.
    }
  }
}
yieldToTheWeb();

/** Connections of the fan-out's pool: a run's rounds take one at a time; a round's bounces, and other runs, the rest. */
const POOL_SIZE = 3;

const port = parentPort!;
const transport = new MailTransport(workerData as MailTransportOptions);
const letters = new Map<number, Letter>();
/** Runs in progress, by request id: whether the app asked them to stop. */
const runs = new Map<number, { stopping: boolean }>();
/** Calls to the app's side in flight (a digest copy's own section), by call id. */
const calls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
let nextCallId = 1;
let pool: { url: string; pool: pg.Pool } | undefined;

port.on('message', (request: ThreadRequest) => {
  switch (request.kind) {
    case 'letter':
      letters.set(request.letterId, request.letter);
      return;
    case 'forget':
      letters.delete(request.letterId);
      return;
    case 'close':
      transport.close();
      void pool?.pool.end();
      port.close();
      return;
    case 'send':
      void send(request);
      return;
    case 'fan-out':
      void runFanOut(request);
      return;
    case 'stop': {
      const run = runs.get(request.id);
      if (run) run.stopping = true;
      return;
    }
    case 'answer': {
      const call = calls.get(request.callId);
      calls.delete(request.callId);
      if ('error' in request) call?.reject(new Error(request.error));
      else call?.resolve(request.value);
    }
  }
});

/** An error as it crosses to the main thread: what the caller decides on (a bounce, a retry, in doubt) are its codes. */
function failure(error: unknown): { message: string; responseCode?: number; code?: string; originalCode?: string; kind?: 'not-sent' | 'in-doubt' } {
  const e = error as Error & { responseCode?: number; code?: string; originalCode?: string };
  return { message: e.message, responseCode: e.responseCode, code: e.code, originalCode: e.originalCode, ...(error instanceof MailSendError && { kind: error.kind }) };
}

async function send(request: Extract<ThreadRequest, { kind: 'send' }>): Promise<void> {
  let reply: ThreadReply;
  try {
    const message = 'message' in request ? request.message : fillLetter(letters.get(request.letterId)!, request.to, request.fills);
    reply = { id: request.id, receipt: await transport.send(message) };
  } catch (error) {
    reply = { id: request.id, error: failure(error) };
  }
  port.postMessage(reply);
}

/** The pool for the database the app names (a new one if the app's database moved, e.g. a restarted embedded server). */
function database(url: string): pg.Pool {
  if (pool?.url !== url) {
    void pool?.pool.end();
    pool = { url, pool: new pg.Pool({ connectionString: url, max: POOL_SIZE, application_name: 'vtf-mail-thread' }) };
    // An idle connection lost (the database stopping or restarting) is dropped by the pool; the next query opens another.
    pool.pool.on('error', () => undefined);
  }
  return pool.pool;
}

/** Asks the app's side (main thread) for something only it has. */
function callApp<T>(call: Omit<AppCall, 'callId'>): Promise<T> {
  const callId = nextCallId++;
  return new Promise<T>((resolve, reject) => {
    calls.set(callId, { resolve: resolve as (value: unknown) => void, reject });
    port.postMessage({ call: { ...call, callId } } satisfies ThreadReply);
  });
}

async function runFanOut(request: Extract<ThreadRequest, { kind: 'fan-out' }>): Promise<void> {
  const run = { stopping: false };
  runs.set(request.id, run);
  const db = database(request.databaseUrl);
  const parts: FanOutParts = {
    query: async ({ name, text }, params) => (await db.query({ name, text, values: params })).rows,
    send: (to, fills) => transport.send(fillLetter(letters.get(request.letterId)!, to, fills)),
    isStopping: () => run.stopping,
    section: (email) => callApp({ id: request.id, name: 'section', args: [email] }),
    sectionDone: (deliveryId, outcome) => callApp({ id: request.id, name: 'sectionDone', args: [deliveryId, outcome] }),
  };
  let reply: ThreadReply;
  try {
    reply = { id: request.id, result: await fanOut(request.plan, parts) };
  } catch (error) {
    reply = { id: request.id, error: failure(error) };
  } finally {
    runs.delete(request.id);
  }
  port.postMessage(reply);
}
