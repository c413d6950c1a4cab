import pg from 'pg';
import { TableListener } from '../src/cache/table-listener.js';
import { createDatabase } from './support/test-app.js';
import { eventually as settles } from './support/wait.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A reconnect with backoff takes longer than the default wait. */
const eventually = (check: () => void, ms = 5000) => settles(check, ms, 20);

let db: Awaited<ReturnType<typeof createDatabase>>;
let direct: pg.Client;
let listener: TableListener;
const changes: Array<string | null> = [];
const states: boolean[] = [];

beforeAll(async () => {
  db = await createDatabase();
  direct = new pg.Client({ connectionString: db.url });
  await direct.connect();
  listener = new TableListener({
    connectionString: db.url,
    channel: 'table_listener_test',
    applicationName: 'table-listener-test',
    reconnectMs: () => 100,
    onChange: (table) => changes.push(table),
    onState: (on) => states.push(on),
  });
  await listener.start();
});
afterAll(async () => {
  await listener?.stop();
  await direct?.end();
  await db?.drop();
});

describe('TableListener (a real PostgreSQL)', () => {
  it('listens once started and reports each notified table; sync() waits for what was committed before it', async () => {
    expect(listener.isListening).toBe(true);
    expect(states).toEqual([true]);
    await direct.query(`select pg_notify('table_listener_test', 'discounts')`);
    await direct.query(`select pg_notify('table_listener_test', '')`);
    await direct.query(`select pg_notify('other_channel', 'companies')`);
    await listener.sync();
    expect(changes).toEqual(['discounts', null]);
  });

  it('reports a lost connection, reconnects by itself and hears changes again', async () => {
    await direct.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'table-listener-test'`);
    await eventually(() => expect(states.at(-1)).toBe(false));
    expect(listener.isListening).toBe(false);
    await eventually(() => expect(listener.isListening).toBe(true));
    expect(states.slice(-2)).toEqual([false, true]);
    changes.length = 0;
    await direct.query(`select pg_notify('table_listener_test', 'blog_posts')`);
    await listener.sync();
    expect(changes).toEqual(['blog_posts']);
  });

  it('once stopped, reports not listening and does not reconnect', async () => {
    await listener.stop();
    expect(listener.isListening).toBe(false);
    await sleep(300);
    expect(listener.isListening).toBe(false);
    const rows = await direct.query(`select count(*)::int as n from pg_stat_activity where application_name = 'table-listener-test'`);
    expect(rows.rows[0].n).toBe(0);
  });
});
