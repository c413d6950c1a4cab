import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DigestSection, FanOutPlan, FanOutResult } from './fan-out.js';
import type { MailTransportOptions } from './mail-transport.js';
import { MailSendError, PermanentMailError, type Letter, type MailReceipt, type OutgoingMail, type SlotFills } from './mail.types.js';

export type ThreadRequest =
  | { kind: 'send'; id: number; message: OutgoingMail }
  | { kind: 'send'; id: number; letterId: number; to: string; fills: SlotFills }
  | { kind: 'letter'; letterId: number; letter: Letter }
  | { kind: 'forget'; letterId: number }
  | { kind: 'fan-out'; id: number; letterId: number; plan: FanOutPlan; databaseUrl: string }
  | { kind: 'stop'; id: number }
  | { kind: 'answer'; callId: number; value: unknown }
  | { kind: 'answer'; callId: number; error: string }
  | { kind: 'close' };
/** A fan-out's question to the app's side (the main thread): a digest copy's own section, and what became of it. */
export interface AppCall { callId: number; id: number; name: keyof FanOutApp; args: unknown[] }
export type ThreadReply =
  | { id: number; receipt: MailReceipt }
  | { id: number; result: FanOutResult }
  | { id: number; error: { message: string; responseCode?: number; code?: string; originalCode?: string; kind?: 'not-sent' | 'in-doubt' } }
  | { call: AppCall };

/** What a fan-out asks of the app, on the main thread (the digest's followed-firms sections: AlertsService). */
export interface FanOutApp {
  section(email: string): Promise<DigestSection | null>;
  sectionDone(deliveryId: string, outcome: 'sent' | 'failed' | 'released'): Promise<void>;
}

/** A letter held by the mail thread: each `send` posts only the recipient and their slot values. */
export interface LetterHandle {
  send(to: string, fills: SlotFills): Promise<MailReceipt>;
  /**
   * Runs a campaign's rounds in the mail thread, on its own pool to `databaseUrl` (fan-out.ts); `stop` aborted hands
   * over after the messages in flight. Rejects if the thread dies meanwhile: its claims are then in doubt.
   */
  fanOut(plan: FanOutPlan, databaseUrl: string, app: FanOutApp, stop: AbortSignal): Promise<FanOutResult>;
  /** The thread lets go of the letter (a campaign run's end). */
  close(): void;
}

/**
 * The worker: the compiled file next to this one; in the tests, which run the TypeScript sources, the same file
 * through tsx's loader (the worker is a plain Node thread, outside Jest's transform).
 */
function startWorker(options: MailTransportOptions): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./mail-thread.worker.js', here), { workerData: options });
  const tsx = pathToFileURL(createRequire(here).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry = new URL('./mail-thread.worker.ts', here).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(entry)}); })`, { eval: true, workerData: options });
}

/**
 * The main thread's side of the mail thread (mail-thread.worker.ts): hands messages over and gets back the
 * receipt or the error (a 5xx as PermanentMailError; others with their `responseCode` / `code`, so a caller can
 * tell "not accepted" from "in doubt"). The thread starts with the first message. If it dies, the messages in
 * flight fail without a code (in doubt: they may have gone out) and the next message starts a new one.
 */
export class MailThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { worker: Worker; resolve: (value: never) => void; reject: (e: Error) => void; app?: FanOutApp }>();
  private readonly letters = new Map<number, Letter>();
  private nextId = 1;

  constructor(private readonly options: MailTransportOptions) {}

  send(message: OutgoingMail): Promise<MailReceipt> {
    return this.request({ kind: 'send', id: this.nextId++, message });
  }

  letter(letter: Letter): LetterHandle {
    const letterId = this.nextId++;
    this.letters.set(letterId, letter);
    this.worker?.postMessage({ kind: 'letter', letterId, letter } satisfies ThreadRequest);
    return {
      send: (to, fills) => this.request({ kind: 'send', id: this.nextId++, letterId, to, fills }),
      fanOut: (plan, databaseUrl, app, stop) => {
        const id = this.nextId++;
        const onStop = () => this.worker?.postMessage({ kind: 'stop', id } satisfies ThreadRequest);
        stop.addEventListener('abort', onStop, { once: true });
        const done = this.request<FanOutResult>({ kind: 'fan-out', id, letterId, plan, databaseUrl }, app);
        if (stop.aborted) onStop();
        return done.finally(() => stop.removeEventListener('abort', onStop));
      },
      close: () => {
        this.letters.delete(letterId);
        this.worker?.postMessage({ kind: 'forget', letterId } satisfies ThreadRequest);
      },
    };
  }

  /** Closes the SMTP pool and ends the thread (after the jobs stopped: nothing is in flight any more). */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage({ kind: 'close' } satisfies ThreadRequest);
    // The pool's sockets close at once; a thread that still does not end is stopped.
    const timer = setTimeout(() => void worker.terminate(), 2000);
    await exited;
    clearTimeout(timer);
  }

  private request<T = MailReceipt>(request: Extract<ThreadRequest, { kind: 'send' | 'fan-out' }>, app?: FanOutApp): Promise<T> {
    const worker = this.worker ?? this.start();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(request.id, { worker, resolve: resolve as (value: never) => void, reject, app });
      worker.postMessage(request);
    });
  }

  /** Answers a fan-out's call with what the app's side says (or its error's message). */
  private async answer(worker: Worker, call: AppCall): Promise<void> {
    const app = this.pending.get(call.id)?.app;
    let answer: ThreadRequest;
    try {
      if (!app) throw new Error('No such fan-out');
      const value: unknown = await (app[call.name] as (...args: unknown[]) => Promise<unknown>)(...call.args);
      answer = { kind: 'answer', callId: call.callId, value };
    } catch (error) {
      answer = { kind: 'answer', callId: call.callId, error: (error as Error).message };
    }
    // A thread that died meanwhile has failed the run already.
    if (this.worker === worker) worker.postMessage(answer);
  }

  private start(): Worker {
    const worker = startWorker(this.options);
    this.worker = worker;
    for (const [letterId, letter] of this.letters) worker.postMessage({ kind: 'letter', letterId, letter } satisfies ThreadRequest);
    worker.on('message', (reply: ThreadReply) => {
      if ('call' in reply) return void this.answer(worker, reply.call);
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if ('receipt' in reply) return waiting.resolve(reply.receipt as never);
      if ('result' in reply) return waiting.resolve(reply.result as never);
      const { message, responseCode, code, originalCode, kind } = reply.error;
      if (typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600) return waiting.reject(new PermanentMailError(message, responseCode));
      if (kind) return waiting.reject(new MailSendError(message, kind, originalCode ?? code, responseCode));
      waiting.reject(Object.assign(new Error(message), { responseCode, code, originalCode }));
    });
    const ended = (why: string) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, waiting] of this.pending) {
        if (waiting.worker !== worker) continue;
        this.pending.delete(id);
        waiting.reject(new Error(`The mail thread stopped (${why}) before the server answered`));
      }
    };
    worker.on('error', (error) => ended(error.message));
    worker.on('exit', (code) => ended(`exit ${code}`));
    return worker;
  }
}
