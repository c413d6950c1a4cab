/**
 * Alert mails follow the campaigns' delivery rule (issue #32, mail/delivery-rule.ts): at most once. What a sender that
 * died leaves behind, as rows in the states it leaves them: a delivery marked sending (handed over, perhaps
 * arrived) is closed in doubt and not mailed again; a claim never handed over is taken again and mailed once.
 */
import { IN_DOUBT } from '../src/mail/delivery-rule.js';
import { AlertsService } from '../src/alerts/alerts.service.js';
import { startTestAppWithSmtp, type TestApp } from './support/test-app.js';
import type { SmtpSink } from './support/smtp-sink.js';

let t: TestApp & { smtp: SmtpSink };
let eventId: string;

beforeAll(async () => {
  // No tick during the test: the rows below are the only deliveries, in the states they are written in.
  t = await startTestAppWithSmtp({ alertTickSeconds: 3600 });
  const admin = await t.signedIn();
  const firm = (await admin.post('/_api/admin/companies').send({ name: 'Once Funding' }).expect(201)).body as { id: number };
  [{ id: eventId }] = await t.sql<{ id: string }>(
    `insert into firm_events (company_id, kind, program, field, before, after, fanned_out_at)
     values ($1, 'rule', 'Classic', 'profitSplit', '80'::jsonb, '90'::jsonb, now()) returning id`,
    [firm.id],
  );
}, 60_000);
afterAll(() => t?.close());

/** A trader with one alert delivery of the event, in the state a sender left it. */
async function delivery(name: string, state: { claimedMinutesAgo?: number; sending?: boolean }): Promise<string> {
  const email = `${name}@once.example`;
  await t.createUser(email, 'trader-password-1', 'user');
  const [row] = await t.sql<{ id: string }>(
    `with u as (select id from users where email = $1),
     d as (insert into alert_deliveries (user_id, kind, claimed_at, claim_token, sending_at)
           select u.id, 'alert', now() - make_interval(mins => $2::int), case when $2::int is null then null else gen_random_uuid() end,
                  case when $3::boolean then now() - make_interval(mins => $2::int) end from u returning id, user_id)
     insert into alert_items (user_id, event_id, delivery_id) select d.user_id, $4, d.id from d returning delivery_id as id`,
    [email, state.claimedMinutesAgo ?? null, state.sending ?? false, eventId],
  );
  return row!.id;
}

const state = async (id: string) =>
  (await t.sql<{ sent: boolean; failed: boolean; error: string | null }>(
    'select sent_at is not null as sent, failed_at is not null as failed, error from alert_deliveries where id = $1', [id],
  ))[0]!;

it('a delivery a dead sender had handed over is closed in doubt and not mailed again; one it had only claimed is mailed once', async () => {
  const handedOver = await delivery('handed-over', { claimedMinutesAgo: 10, sending: true });
  const onlyClaimed = await delivery('only-claimed', { claimedMinutesAgo: 10 });
  const fresh = await delivery('fresh', {});

  // The app's own alerts jobs may run a pass meanwhile (the start-up tick sees pending rows): what counts is each
  // delivery's end state and each inbox, whichever sender did the work.
  await t.app.get(AlertsService).sendPending();

  expect(await state(handedOver)).toEqual({ sent: false, failed: true, error: IN_DOUBT });
  expect(t.smtp.to('handed-over@once.example')).toHaveLength(0);
  expect(await state(onlyClaimed)).toEqual({ sent: true, failed: false, error: null });
  expect(t.smtp.to('only-claimed@once.example')).toHaveLength(1);
  expect(await state(fresh)).toMatchObject({ sent: true, failed: false });
  expect(t.smtp.to('fresh@once.example')).toHaveLength(1);

  // Nothing is left to do: a second pass mails nobody and closes nothing.
  expect(await t.app.get(AlertsService).sendPending()).toEqual({ sent: 0, inDoubt: 0 });
  expect(t.smtp.messages).toHaveLength(2);
});

it("a claim still within its time is another sender's: not taken, not mailed", async () => {
  const held = await delivery('held', { claimedMinutesAgo: 1 });
  expect(await t.app.get(AlertsService).sendPending()).toEqual({ sent: 0, inDoubt: 0 });
  expect(await state(held)).toEqual({ sent: false, failed: false, error: null });
  expect(t.smtp.to('held@once.example')).toHaveLength(0);
});

it('two senders at once mail each trader exactly once', async () => {
  const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => delivery(`both-${i}`, {})));
  const alerts = t.app.get(AlertsService);
  const [a, b] = await Promise.all([alerts.sendPending(), alerts.sendPending()]);
  expect(a.sent + b.sent).toBe(20);
  for (let i = 0; i < 20; i++) expect(t.smtp.to(`both-${i}@once.example`)).toHaveLength(1);
  for (const id of ids) expect((await state(id)).sent).toBe(true);
});
