/** The payout guarantee's claims (issue #17): the lifecycle, refused moves (409), the timeline, each email, the stats. */
import type TestAgent from 'supertest/lib/agent.js';
import { dataUrl, makeImage } from './support/images.js';
import type { SmtpSink } from './support/smtp-sink.js';
import { startTestAppWithSmtp, type TestApp } from './support/test-app.js';

const TRADER = { email: 'claimer@test.example', password: 'claimer-password' };
const OTHER = { email: 'stranger@test.example', password: 'stranger-password' };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('payout claims', () => {
  let t: TestApp & { smtp: SmtpSink };
  let admin: TestAgent;
  let trader: TestAgent;
  let other: TestAgent;
  let receipt: string;
  let companyId: number;

  beforeAll(async () => {
    t = await startTestAppWithSmtp();
    await t.createUser(TRADER.email, TRADER.password, 'user');
    await t.createUser(OTHER.email, OTHER.password, 'user');
    [admin, trader, other] = await Promise.all([t.signedIn(), t.signedIn(TRADER), t.signedIn(OTHER)]);
    companyId = (await admin.post('/_api/admin/companies').send({ name: 'Claim Test Firm' }).expect(201)).body.id;
    receipt = dataUrl(await makeImage(40, 30, 'png'));
  });
  afterAll(() => t.close());

  const deniedReport = async (requestedOn = day(-5)) =>
    (await trader.post('/_api/payout-reports').send({ companyId, amount: 2400, requestedOn, resolvedOn: requestedOn, outcome: 'denied', firmReason: 'Consistency rule' }).expect(201)).body.id as number;
  const mailsTo = async (n: number) => t.smtp.waitFor(n, { filter: (m) => m.envelope.to.includes(TRADER.email) });
  const move = (id: number, body: Record<string, unknown>) => admin.put(`/_api/admin/payout-claims/${id}`).send(body);

  it('refuses claims on a paid report, another trader\'s report, without evidence, or late', async () => {
    const paid = (await trader.post('/_api/payout-reports').send({ companyId, amount: 100, requestedOn: day(-3), resolvedOn: day(-2), outcome: 'paid' }).expect(201)).body.id;
    const body = (reportId: number) => ({ reportId, purchaseEvidence: [receipt], accountId: 'ACC-1', statement: 'Denied for no reason.' });
    expect((await trader.post('/_api/payout-claims').send(body(paid)).expect(400)).body.message).toBe('Only a denied payout report can become a claim');
    const mine = await deniedReport(day(-4));
    await other.post('/_api/payout-claims').send(body(mine)).expect(404);
    expect((await trader.post('/_api/payout-claims').send({ ...body(mine), purchaseEvidence: [] }).expect(400)).body.errors).toEqual({ purchaseEvidence: 'Purchase evidence is required (at least one image)' });
    const late = await deniedReport(day(-40));
    expect((await trader.post('/_api/payout-claims').send(body(late)).expect(400)).body.message).toBe('A claim must be filed within 30 days of the denial');
    await t.http().post('/_api/payout-claims').send(body(mine)).expect(401);
    expect(await t.sql('select id from payout_claims')).toEqual([]);
  });

  it('follows a claim from submitted to paid, with 409 for refused moves, a timeline and an email at each change', async () => {
    const reportId = await deniedReport();
    const created = await trader.post('/_api/payout-claims').send({ reportId, purchaseEvidence: [receipt], accountId: 'ACC-77', statement: 'I followed every rule.' }).expect(201);
    expect(created.body).toEqual({ id: expect.any(Number), status: 'submitted' });
    const id = created.body.id as number;
    expect((await mailsTo(1))[0]!.parsed.subject).toBe(`Your payout-guarantee claim #${id} is received`);
    await trader.post('/_api/payout-claims').send({ reportId, purchaseEvidence: [receipt], accountId: 'ACC-77', statement: 'again' }).expect(409);

    // submitted → paid is not a move the state machine allows: 409, nothing changes.
    const refused = await move(id, { status: 'paid', paidAmount: 2400 }).expect(409);
    expect(refused.body.message).toBe('A claim cannot move from submitted to paid');
    expect((await admin.get(`/_api/admin/payout-claims/${id}`).expect(200)).body.status).toBe('submitted');
    // The trader cannot answer a claim that asks nothing.
    await trader.post(`/_api/payout-claims/${id}/messages`).send({ message: 'hello' }).expect(409);

    await move(id, { status: 'under-review' }).expect(200);
    await move(id, { status: 'needs-info', note: 'Please send the trade history of 3 March.' }).expect(200);
    const asked = (await mailsTo(3))[2]!;
    expect(asked.parsed.subject).toBe(`Your payout-guarantee claim #${id} is waiting for information from you`);
    expect(asked.parsed.text).toContain('Our note: Please send the trade history of 3 March.');

    await other.get(`/_api/me/payout-claims/${id}`).expect(404);
    await other.post(`/_api/payout-claims/${id}/messages`).send({ message: 'me too' }).expect(404);
    const answered = await trader.post(`/_api/payout-claims/${id}/messages`).send({ message: 'Attached in my account, see ticket 42.' }).expect(201);
    expect(answered.body.status).toBe('under-review');

    await move(id, { status: 'approved', note: 'Your claim meets the terms.' }).expect(200);
    expect((await move(id, { status: 'paid' }).expect(400)).body.errors).toEqual({ paidAmount: 'paidAmount is required to mark a claim paid' });
    const paid = await move(id, { status: 'paid', paidAmount: 2400, note: 'Sent by bank transfer.' }).expect(200);
    expect(paid.body).toMatchObject({ status: 'paid', paidAmount: 2400, paidOn: day(0), overdue: false });
    await move(id, { status: 'rejected', note: 'x' }).expect(409);

    // Five changes by us, five emails (the trader's own answer is not mailed back).
    const mails = await mailsTo(5);
    expect(mails.map((m) => m.parsed.subject).sort()).toEqual([
      'received', 'under review', 'waiting for information from you', 'approved', 'paid',
    ].map((w) => `Your payout-guarantee claim #${id} is ${w}`).sort());
    expect(mails.find((m) => m.parsed.subject?.endsWith('is paid'))!.parsed.text).toContain('We paid $2400.00.');

    const mine = (await trader.get(`/_api/me/payout-claims/${id}`).expect(200)).body;
    expect(mine.timeline.map((e: { by: string; status: string }) => `${e.by}:${e.status}`)).toEqual([
      'trader:submitted', 'admin:under-review', 'admin:needs-info', 'trader:under-review', 'admin:approved', 'admin:paid',
    ]);
    expect(mine.timeline[3].note).toBe('Attached in my account, see ticket 42.');
    expect(mine.purchaseEvidence[0]).toMatch(/^\/_api\/files\/[0-9a-f]{64}\.webp$/);
    await t.http().get(mine.purchaseEvidence[0]).expect(404);

    expect((await t.http().get('/_api/payout-guarantee/stats').expect(200)).body).toEqual({
      received: 1, approved: 1, paid: 1, paidTotal: 2400, medianDaysToDecision: 0,
    });
  });

  it('rejects with a reason only, and flags undecided claims after 14 days on the board', async () => {
    const reportId = await deniedReport(day(-6));
    const { id } = (await trader.post('/_api/payout-claims').send({ reportId, purchaseEvidence: [receipt], accountId: 'A', statement: 'S' }).expect(201)).body;
    expect((await move(id, { status: 'rejected' }).expect(400)).body.errors).toEqual({ note: 'A note (the reason) is required to reject a claim' });
    await t.sql(`update payout_claims set created_at = now() - interval '15 days' where id = $1`, [id]);
    const board = await admin.get('/_api/admin/payout-claims').query({ filter: JSON.stringify({ overdue: true }) }).expect(200);
    expect(board.body.map((c: { id: number; overdue: boolean }) => [c.id, c.overdue])).toEqual([[id, true]]);
    // The dashboard's flag reads the count from Content-Range (one row asked for).
    const count = await admin.get('/_api/admin/payout-claims').query({ filter: JSON.stringify({ overdue: true }), range: '[0,0]' }).expect(200);
    expect(count.headers['content-range']).toBe('payout-claims 0-0/1');
    // The board filters by status and by age; a decided claim is never overdue, an unknown filter is a 400.
    const ids = async (filter: Record<string, unknown>) =>
      ((await admin.get('/_api/admin/payout-claims').query({ filter: JSON.stringify(filter) }).expect(200)).body as Array<{ id: number }>).map((c) => c.id);
    expect(await ids({ status: 'submitted', olderThanDays: 14 })).toEqual([id]);
    expect(await ids({ status: 'submitted', olderThanDays: 16 })).toEqual([]);
    expect(await ids({ status: 'paid' })).not.toContain(id);
    await admin.get('/_api/admin/payout-claims').query({ filter: JSON.stringify({ olderThanDays: -1 }) }).expect(400);
    await admin.get('/_api/admin/payout-claims').query({ filter: JSON.stringify({ colour: 'red' }) }).expect(400);
    await move(id, { status: 'rejected', note: 'No proof of purchase through our link.' }).expect(200);
    expect(await ids({ overdue: true })).toEqual([]);
    await trader.get('/_api/admin/payout-claims').expect(403);
  });

  it('emails the reason when a report is rejected', async () => {
    const id = await deniedReport(day(-8));
    await admin.put(`/_api/admin/payout-reports/${id}`).send({ status: 'rejected', rejectionReason: 'The screenshot is of another firm.' }).expect(200);
    const [mail] = await t.smtp.waitFor(1, { filter: (m) => m.envelope.to.includes(TRADER.email) && (m.parsed.subject ?? '').includes('not approved') });
    expect(mail!.parsed.subject).toBe('Your payout report on Claim Test Firm was not approved');
    expect(mail!.parsed.text).toContain('Reason: The screenshot is of another firm.');
  });

  it('deletes my account: personal data gone, approved reports stay as anonymous figures, signed out', async () => {
    await t.createUser('leaver@test.example', 'leaver-password', 'user');
    const leaver = await t.signedIn({ email: 'leaver@test.example', password: 'leaver-password' });
    const approved = (await leaver.post('/_api/payout-reports').send({ companyId, amount: 900, requestedOn: day(-9), resolvedOn: day(-7), outcome: 'paid', note: 'my note', proof: [receipt] }).expect(201)).body.id;
    const pending = (await leaver.post('/_api/payout-reports').send({ companyId, amount: 900, requestedOn: day(-3), outcome: 'pending' }).expect(201)).body.id;
    await admin.put(`/_api/admin/payout-reports/${approved}`).send({ status: 'approved' }).expect(200);
    const [{ url }] = await t.sql<{ url: string }>('select proof[1] as url from payout_reports where id = $1', [approved]);
    await leaver.delete('/_api/me').expect(200);
    expect((await leaver.get('/_api/auth/session').expect(200)).body.user).toBeUndefined();
    expect(await t.sql(`select id from users where email = 'leaver@test.example'`)).toEqual([]);
    expect(await t.sql('select user_id, note, proof from payout_reports where id = $1', [approved])).toEqual([{ user_id: null, note: null, proof: [] }]);
    expect(await t.sql('select id from payout_reports where id = $1', [pending])).toEqual([]);
    await admin.get(url).expect(404);
  });
});
