import { Logger } from '@nestjs/common';
import pg from 'pg';

export interface TableListenerOptions {
  connectionString: string;
  channel: string;
  /** pg_stat_activity's application_name for the connection. */
  applicationName: string;
  /** First wait before reconnecting a lost connection; doubles up to 10 s. Read at each loss. */
  reconnectMs: () => number;
  /** A table's name as the payload, or null for an empty one (meaning: anything may have changed). */
  onChange: (table: string | null) => void;
  /** Called with false when the connection is lost (changes may be missed) and true once it listens again. */
  onState: (listening: boolean) => void;
}

const BACKOFF_MAX_MS = 10_000;

/**
 * One PostgreSQL connection that LISTENs to a channel whose payload is a table name, and
 * reconnects with backoff when it is lost. It only reports; what a change means is its owner's business.
 */
export class TableListener {
  private readonly logger = new Logger('TableListener');
  private client: pg.Client | undefined;
  private listening = false;
  private stopped = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: TableListenerOptions) {}

  get isListening(): boolean {
    return this.listening;
  }

  start(): Promise<void> {
    return this.connect();
  }

  /** From now on a lost connection is expected (the database may stop first): no report, no reconnect. */
  stopping(): void {
    this.stopped = true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    this.setState(false);
    await client?.end().catch(() => undefined);
  }

  /**
   * Resolves once every notification committed before the call has been handled: PostgreSQL sends
   * pending notifications before it answers a query on the listening connection.
   */
  async sync(): Promise<void> {
    await this.client?.query('select 1').catch(() => undefined);
  }

  private setState(on: boolean): void {
    this.listening = on;
    this.options.onState(on);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const { connectionString, channel, applicationName } = this.options;
    const client = new pg.Client({ connectionString, keepAlive: true, application_name: applicationName });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (this.stopped) return;
      this.setState(false);
      this.logger.warn(`LISTEN connection lost${error ? `: ${error.message}` : ''}; serving from the database until it is back`);
      this.scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (msg) => this.options.onChange(msg.payload || null));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (lost) return;
    this.client = client;
    this.failures = 0;
    this.setState(true);
  }

  private scheduleReconnect(): void {
    clearTimeout(this.retryTimer);
    const delay = Math.min(this.options.reconnectMs() * 2 ** this.failures, BACKOFF_MAX_MS);
    this.failures = Math.min(this.failures + 1, 16);
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }
}
