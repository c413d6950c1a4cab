/**
 * The connection token: which database the app talks to, injected as DATABASE. It lives on the ground floor so
 * the services that need the URL (sessions, jobs, the mail thread's pool, health) depend on this and not on
 * database/, which sits on top (it lists every entity and starts the server).
 */
export const DATABASE = Symbol('DATABASE');

/** 'running' for an external server (its operator watches it); the embedded one also restarts and stops. */
export type DatabaseState = 'running' | 'restarting' | 'stopped';

/** Where the database is, and how to stop it when the app stops (embedded only). */
export interface DatabaseConnection {
  url: string;
  embedded: boolean;
  /** The embedded server's state (an external one is always 'running': its operator watches it). */
  state(): DatabaseState;
  stop(): Promise<void>;
}
