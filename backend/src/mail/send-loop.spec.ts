import { IN_DOUBT } from './delivery-rule.js';
import { MailSendError, PermanentMailError } from './mail.types.js';
import { outcomeOf, runSendLoop, type DeliverySource } from './send-loop.js';

describe('outcomeOf (the one verdict on a failed send)', () => {
  it('a 5xx bounces, a loss after the hand-over is in doubt, no connection or a 4xx is not sent', () => {
    expect(outcomeOf(new PermanentMailError('550 no such user', 550))).toBe('bounced');
    expect(outcomeOf(new MailSendError('Connection closed unexpectedly', 'in-doubt', 'ECONNECTION'))).toBe('in-doubt');
    expect(outcomeOf(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe('in-doubt');
    expect(outcomeOf(new MailSendError('Greeting never received', 'not-sent', 'ETIMEDOUT'))).toBe('not-sent');
    expect(outcomeOf(Object.assign(new Error('busy'), { responseCode: 451 }))).toBe('not-sent');
  });
});

type State = 'queued' | 'claimed' | 'sending' | 'sent' | 'bounced' | 'failed';

/**
 * A queue of deliveries held in memory with the states a table holds, and a mail server whose answer per address
 * is given: what the loop leaves behind is read from it as an operator would read the table and the inbox.
 */
function memoryQueue(addresses: string[], answers: Record<string, Error | 'taken-over'> = {}) {
  const rows = addresses.map((to) => ({ to, state: 'queued' as State, error: '' }));
  const inbox: string[] = [];
  const claims: number[] = [];
  const source: DeliverySource<{ to: string }> = {
    async claim(size, accepted) {
      for (const a of accepted) rows.find((r) => r.to === a.to)!.state = 'sent';
      const round = rows.filter((r) => r.state === 'queued').slice(0, size);
      for (const r of round) r.state = 'claimed';
      claims.push(round.length);
      return round.map((r) => ({ to: r.to }));
    },
    async recordSent(accepted) {
      for (const a of accepted) rows.find((r) => r.to === a.to)!.state = 'sent';
    },
    async begin(item) {
      if (answers[item.to] === 'taken-over') return false;
      rows.find((r) => r.to === item.to)!.state = 'sending';
      return true;
    },
    async send(item) {
      const answer = answers[item.to];
      if (answer instanceof Error) throw answer;
      inbox.push(item.to);
    },
    async recordBounced(item, reason) {
      Object.assign(rows.find((r) => r.to === item.to)!, { state: 'bounced', error: reason });
    },
    async recordInDoubt(item, reason) {
      Object.assign(rows.find((r) => r.to === item.to)!, { state: 'failed', error: `${IN_DOUBT}: ${reason}` });
    },
    async release(item, reason) {
      Object.assign(rows.find((r) => r.to === item.to)!, { state: 'queued', error: reason });
    },
  };
  const stateOf = (to: string) => rows.find((r) => r.to === to)!.state;
  return { source, inbox, claims, rows, stateOf };
}

const addresses = (n: number) => Array.from({ length: n }, (_, i) => `r${i}@example.com`);

describe('runSendLoop (claim, send, record)', () => {
  it('sends every delivery once in rounds of the given size and records each sent', async () => {
    const q = memoryQueue(addresses(20));
    const result = await runSendLoop(q.source, { roundSize: 8, lanes: 8 });
    expect(q.inbox.sort()).toEqual(addresses(20).sort());
    expect(q.rows.every((r) => r.state === 'sent')).toBe(true);
    // Rounds of 8, 8, 4, then the empty claim that ends the run.
    expect(q.claims).toEqual([8, 8, 4, 0]);
    expect(result).toMatchObject({ sent: 20, inDoubt: 0, released: 0, stopped: false });
    expect(result.paused).toBeUndefined();
  });

  it('a bounce is recorded and the run goes on', async () => {
    const q = memoryQueue(addresses(3), { 'r1@example.com': new PermanentMailError('550 unknown user', 550) });
    const result = await runSendLoop(q.source, { roundSize: 1, lanes: 1 });
    expect(q.stateOf('r1@example.com')).toBe('bounced');
    expect(q.inbox).toEqual(['r0@example.com', 'r2@example.com']);
    expect(result).toMatchObject({ sent: 2, bounced: 1 });
  });

  it('a message in doubt is closed, never sent again, counted, and pauses the run', async () => {
    const lost = new MailSendError('Connection closed after DATA', 'in-doubt', 'ECONNECTION');
    const q = memoryQueue(addresses(5), { 'r1@example.com': lost });
    const result = await runSendLoop(q.source, { roundSize: 1, lanes: 1 });
    expect(q.stateOf('r1@example.com')).toBe('failed');
    expect(q.rows.find((r) => r.to === 'r1@example.com')!.error).toMatch(/^Interrupted mid-send/);
    expect(result).toMatchObject({ inDoubt: 1, paused: 'Connection closed after DATA' });
    // Nothing after the pause was sent; what was sent before it is recorded.
    expect(q.inbox).toEqual(['r0@example.com']);
    expect(q.stateOf('r0@example.com')).toBe('sent');
    expect(q.rows.filter((r) => r.state === 'queued')).toHaveLength(3);
  });

  it("the mail server away: the failed message and the round's unsent rest go back to the queue, none is lost", async () => {
    const away = new MailSendError('connect ECONNREFUSED', 'not-sent', 'ECONNREFUSED');
    const q = memoryQueue(addresses(6), { 'r1@example.com': away });
    const result = await runSendLoop(q.source, { roundSize: 4, lanes: 1 });
    expect(result.paused).toBe('connect ECONNREFUSED');
    expect(q.inbox).toEqual(['r0@example.com']);
    expect(q.stateOf('r0@example.com')).toBe('sent');
    // r1 failed, r2 and r3 were claimed in its round but never handed over; r4 and r5 were never claimed.
    expect(q.rows.filter((r) => r.state === 'queued').map((r) => r.to)).toEqual(addresses(6).slice(1));
    expect(result).toMatchObject({ sent: 1, released: 3, inDoubt: 0 });
  });

  it('a delivery whose claim another sender took over is not sent by this one', async () => {
    const q = memoryQueue(addresses(3), { 'r1@example.com': 'taken-over' });
    const result = await runSendLoop(q.source, { roundSize: 8, lanes: 1 });
    expect(q.inbox).toEqual(['r0@example.com', 'r2@example.com']);
    expect(result.sent).toBe(2);
  });

  it('stops taking rounds when told to, with what was sent recorded and the rest still queued', async () => {
    const q = memoryQueue(addresses(30));
    let rounds = 0;
    const result = await runSendLoop(q.source, { roundSize: 8, lanes: 8, goesOn: () => rounds++ < 2 });
    expect(result).toMatchObject({ stopped: true, sent: 16 });
    expect(q.rows.filter((r) => r.state === 'sent')).toHaveLength(16);
    expect(q.rows.filter((r) => r.state === 'queued')).toHaveLength(14);
  });

  it('keeps to the rate: the slots it is given are waited for', async () => {
    const q = memoryQueue(addresses(5));
    let slot = Date.now();
    const perMessageMs = 20;
    const started = Date.now();
    await runSendLoop(q.source, {
      roundSize: 5, lanes: 5,
      nextSlot: () => {
        const at = Math.max(slot, Date.now());
        slot = at + perMessageMs;
        return at - Date.now();
      },
    });
    // Five messages 20 ms apart: the last one leaves 80 ms after the first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4 * perMessageMs - 5);
    expect(q.inbox).toHaveLength(5);
  });
});
