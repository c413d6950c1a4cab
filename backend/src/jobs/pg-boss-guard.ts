/**
 * pg-boss 10 completes or fails a finished job without waiting for it (Manager.work's onFetch calls
 * `this.complete(…)` and `this.fail(…)` unawaited). With the database gone at that moment the promise rejects with
 * nobody listening, and Node ends the process on an unhandled rejection (issue #35: 5 of 6 kill -9 runs of the
 * embedded PostgreSQL under writes ended the app this way, `connect ECONNREFUSED … at Manager.complete`).
 *
 * Each call's promise gets a handler that reports the failure as pg-boss's own `error` event (which JobsService
 * logs); callers that await the call still see the rejection. A job whose completion was lost stays active until
 * it expires and is then run again (at least once, as pg-boss promises anyway).
 */
import Manager from 'pg-boss/src/manager.js';

type Call = (this: { emit(event: string, error: unknown): boolean }, ...args: unknown[]) => Promise<unknown>;
const GUARDED = Symbol.for('vtf.pg-boss-guarded');

export function guardPgBossCompletion(): void {
  const proto = (Manager as unknown as { prototype: Record<string | symbol, unknown> }).prototype;
  if (proto[GUARDED]) return;
  proto[GUARDED] = true;
  for (const name of ['complete', 'fail'] as const) {
    const original = proto[name] as Call;
    proto[name] = function guarded(this: ThisParameterType<Call>, ...args: unknown[]) {
      const done = original.apply(this, args);
      done.catch((error: unknown) => {
        this.emit('error', error);
      });
      return done;
    };
  }
}
