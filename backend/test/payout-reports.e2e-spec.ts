/**
 * Payout reports (issue #17): a signed-in trader reports with private proof; only the author and admins see the
 * proof; moderation decides what counts in the firm's public payout figures.
 */
import sharp from 'sharp';
import type TestAgent from 'supertest/lib/agent.js';
import { dataUrl, makeImage } from './support/images.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const TRADER = { email: 'trader@test.example', password: 'trader-password' };
const OTHER = { email: 'other@test.example', password: 'other-password' };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('payout reports', () => {
  let t: TestApp;
  let admin: TestAgent;
  let trader: TestAgent;
  let other: TestAgent;
  let firm: { id: number; slug: string };
  let screenshot: string;

  beforeAll(async () => {
    t = await startTestApp();
    await t.createUser(TRADER.email, TRADER.password, 'user');
    await t.createUser(OTHER.email, OTHER.password, 'user');
    admin = await t.signedIn();
    trader = await t.signedIn(TRADER);
    other = await t.signedIn(OTHER);
    firm = (await admin.post('/_api/admin/companies').send({ name: 'Payout Test Firm' }).expect(201)).body;
    // A JPEG carrying EXIF (a camera's GPS and owner fields are what a screenshot from a phone may hold).
    const jpeg = await sharp(await makeImage(64, 48, 'jpeg')).withExif({ IFD0: { Copyright: 'Jane Trader', Artist: 'Jane' } }).jpeg().toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    screenshot = dataUrl(jpeg, 'image/jpeg');
  });
  afterAll(() => t.close());

  const report = (agent: TestAgent, body: Record<string, unknown>) =>
    agent.post('/_api/payout-reports').send({ companyId: firm.id, amount: 1800, requestedOn: day(-10), outcome: 'paid', resolvedOn: day(-6), ...body });

  it('refuses anonymous reports with 401 and writes nothing', async () => {
    await t.http().post('/_api/payout-reports').send({ companyId: firm.id, amount: 1, requestedOn: day(-1), outcome: 'paid' }).expect(401);
    expect(await t.sql('select id from payout_reports')).toEqual([]);
  });

  it('validates with clear messages and changes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ amount: 0 }, 'amount', 'Amount must be a number above 0'],
      [{ amount: -5 }, 'amount', 'Amount must be a number above 0'],
      [{ requestedOn: day(2), resolvedOn: null }, 'requestedOn', 'Dates cannot be in the future'],
      [{ resolvedOn: day(1) }, 'resolvedOn', 'Dates cannot be in the future'],
      [{ requestedOn: day(-3), resolvedOn: day(-5) }, 'resolvedOn', 'Resolved on cannot be before requested on'],
      [{ requestedOn: '2026-02-30' }, 'requestedOn', 'Requested on must be a date (YYYY-MM-DD)'],
      [{ outcome: 'maybe' }, 'outcome', 'Outcome must be paid, denied or pending'],
      [{ proof: Array(6).fill(screenshot) }, 'proof', 'At most 5 proof images'],
      [{ proof: ['https://example.com/x.png'] }, 'proof', 'Proof must be a list of at most 5 images'],
      [{ companyId: 999999 }, 'companyId', 'Firm not found'],
    ];
    for (const [body, field, message] of cases) {
      const res = await report(trader, body);
      expect({ body, status: res.status, error: res.body.errors?.[field] }).toEqual({ body, status: 400, error: message });
    }
    expect(await t.sql('select id from payout_reports')).toEqual([]);
  });

  it('takes a report with proof: 201 awaiting review; one per trader, firm and request date', async () => {
    const res = await report(trader, { proof: [screenshot], programName: 'Two-step', accountSize: 50000 }).expect(201);
    expect(res.body).toEqual({ id: expect.any(Number), status: 'awaiting-review' });
    const dup = await report(trader, {}).expect(409);
    expect(dup.body.message).toBe('You have already reported a payout request to this firm on that date.');
    const mine = (await trader.get('/_api/me/payout-reports').expect(200)).body;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: res.body.id, status: 'awaiting-review', proof: [expect.stringMatching(/^\/_api\/files\/[0-9a-f]{64}\.webp$/)] });
  });

  it('an upload that fails part-way stores nothing: a bad second image leaves no first image behind (issue #35)', async () => {
    const privateFiles = async () => Number((await t.sql<{ n: string }>(`select count(*) as n from media_assets where visibility = 'private'`))[0]!.n);
    const before = await privateFiles();
    const broken = `data:image/png;base64,${Buffer.from('not an image at all').toString('base64')}`;
    const res = await report(trader, { proof: [screenshot, broken], requestedOn: day(-20), resolvedOn: day(-19) });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['proof.1']);
    expect(await privateFiles()).toBe(before);
    expect(await t.sql(`select id from payout_reports where requested_on = $1`, [day(-20)])).toEqual([]);
  });

  it('serves the proof to its author and admins only (private, no-store, EXIF gone); anonymous and others get 404', async () => {
    const [mine] = (await trader.get('/_api/me/payout-reports').expect(200)).body;
    const url: string = mine.proof[0];
    const own = await trader.get(url).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.headers['content-type']).toBe('image/webp');
    const meta = await sharp(own.body as Buffer).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    await admin.get(url).expect(200);
    await t.http().get(url).expect(404);
    await other.get(url).expect(404);
    // Never under the public, cacheable /media path.
    await t.http().get(url.replace('/_api/files/', '/media/')).expect(404);
  });

  it('counts only approved reports in the public figures; moderation changes them', async () => {
    const figures = async () => (await t.http().get(`/_api/firms/${firm.slug}`).expect(200)).body.payouts;
    expect(await figures()).toMatchObject({ approvedReports: 0, paid: 0, denialRate: null, medianDaysToPay: null });

    // Four more paid reports and one denied, from the trader on other dates.
    const ids: number[] = [(await trader.get('/_api/me/payout-reports')).body[0].id];
    for (const [i, outcome] of (['paid', 'paid', 'paid', 'denied'] as const).entries()) {
      const body = outcome === 'paid'
        ? { requestedOn: day(-20 - i), resolvedOn: day(-20 - i + 2 + i), outcome }
        : { requestedOn: day(-30), resolvedOn: day(-29), outcome, firmReason: 'Consistency rule' };
      ids.push((await report(trader, body).expect(201)).body.id);
    }
    expect((await figures()).approvedReports).toBe(0);

    const list = await admin.get('/_api/admin/payout-reports').query({ filter: JSON.stringify({ status: 'awaiting-review' }), range: '[0,9]' }).expect(200);
    expect(list.headers['content-range']).toBe('payout-reports 0-4/5');

    // Approving four: fewer than 5, so no rate is shown yet.
    expect((await admin.post('/_api/admin/payout-reports/bulk').send({ action: 'approve', ids: ids.slice(0, 4) }).expect(200)).body)
      .toEqual({ action: 'approve', count: 4 });
    expect(await figures()).toMatchObject({ approvedReports: 4, paid: 4, denied: 0, denialRate: null, medianDaysToPay: null });

    const row = (await t.http().get('/_api/firms?status=all').expect(200)).body.rows.find((r: { firm: { slug: string } }) => r.firm.slug === firm.slug);
    expect(row === undefined || row.firm.payouts.approvedReports === 4).toBe(true);

    // The fifth (denied) makes 5: a rate and a median appear.
    const denied = await admin.put(`/_api/admin/payout-reports/${ids[4]}`).send({ status: 'approved', proofVerified: true }).expect(200);
    expect(denied.body).toMatchObject({ status: 'approved', proofVerified: true });
    const five = await figures();
    expect(five).toMatchObject({ approvedReports: 5, paid: 4, denied: 1, denialRate: 20, medianDaysToPay: 4 });
    expect(five.recent[0]).toEqual(expect.objectContaining({ amountBand: '$1,000–$2,500' }));
    expect(JSON.stringify(five)).not.toContain('trader@test.example');
    expect(JSON.stringify(five)).not.toContain('/_api/files/');


    // Rejecting needs a reason; a rejected report leaves the figures.
    const noReason = await admin.put(`/_api/admin/payout-reports/${ids[4]}`).send({ status: 'rejected' }).expect(400);
    expect(noReason.body.errors).toEqual({ rejectionReason: 'A reason is required to reject a report' });
    await admin.put(`/_api/admin/payout-reports/${ids[4]}`).send({ status: 'rejected', rejectionReason: 'The screenshot does not show the firm.' }).expect(200);
    expect(await figures()).toMatchObject({ approvedReports: 4, denied: 0, denialRate: null });
  });

  it('forbids a trader the moderation API (403)', async () => {
    await trader.get('/_api/admin/payout-reports').expect(403);
    await trader.post('/_api/admin/payout-reports/bulk').send({ action: 'approve', ids: [1] }).expect(403);
  });

  it('approves every report of the filter on the server in one request (issue #18: select all), audited once', async () => {
    const bulkFirm = (await admin.post('/_api/admin/companies').send({ name: 'Bulk Payout Firm' }).expect(201)).body as { id: number };
    // 1,200 reports awaiting review on this firm, every tenth flagged; one already rejected and one on another firm.
    await t.sql(
      `insert into payout_reports (company_id, amount, requested_on, outcome, status, flagged, flag_reason)
       select $1, 100 + g, current_date - (g % 170), 'paid', 'awaiting-review', g % 10 = 0, case when g % 10 = 0 then 'Burst' end
       from generate_series(1, 1200) g`,
      [bulkFirm.id],
    );
    await t.sql(
      `insert into payout_reports (company_id, amount, requested_on, outcome, status, rejection_reason)
       values ($1, 5, current_date, 'paid', 'rejected', 'No proof'), ($2, 6, current_date - 1, 'paid', 'awaiting-review', null)`,
      [bulkFirm.id, firm.id],
    );
    const snapshot = async () => (await t.sql<{ id: number; status: string }>('select id, status from payout_reports order by id'))
      .map((r) => `${r.id}|${r.status}`);
    const before = await snapshot();
    const filter = { status: 'awaiting-review', companyId: bulkFirm.id, flagged: false };
    const listed = await admin.get('/_api/admin/payout-reports').query({ filter: JSON.stringify(filter), range: '[0,9]' }).expect(200);
    expect(listed.headers['content-range']).toBe('payout-reports 0-9/1080');

    const res = await admin.post('/_api/admin/payout-reports/bulk').send({ action: 'approve', filter }).expect(200);
    expect(res.body).toEqual({ action: 'approve', count: 1080 });
    const rows = await t.sql<{ id: number; status: string; company_id: number; flagged: boolean; reviewed_at: Date | null }>(
      'select id, status, company_id, flagged, reviewed_at from payout_reports order by id',
    );
    const was = new Map(before.map((b) => b.split('|') as [string, string]));
    for (const r of rows) {
      const inFilter = r.company_id === bulkFirm.id && !r.flagged && was.get(String(r.id)) === 'awaiting-review';
      expect([r.id, r.status]).toEqual([r.id, inFilter ? 'approved' : was.get(String(r.id))]);
      if (inFilter) expect(r.reviewed_at).not.toBeNull();
    }
    const [entry] = await t.sql<{ action: string; changes: object }>(
      `select action, changes from audit_log where resource = 'payout-reports' order by id desc limit 1`,
    );
    expect(entry).toEqual({ action: 'bulk', changes: { action: [null, 'approve'], filter: [null, filter], count: [null, 1080] } });

    // Bad input is a 400 that changes nothing; a visitor gets 401.
    const after = await snapshot();
    for (const body of [
      { action: 'reject', filter: {} }, { action: 'approve' }, { action: 'approve', ids: [1], filter: {} },
      { action: 'approve', filter: { colour: 'red' } }, { action: 'approve', filter: { status: 'gone' } },
      { action: 'approve', filter: { flagged: 'maybe' } }, { action: 'approve', filter: { id: ['x'] } }, { action: 'approve', ids: [] },
    ]) {
      const bad = await admin.post('/_api/admin/payout-reports/bulk').send(body);
      expect([body, bad.status, typeof bad.body.message]).toEqual([body, 400, 'string']);
    }
    await t.http().post('/_api/admin/payout-reports/bulk').send({ action: 'approve', filter: {} }).expect(401);
    expect(await snapshot()).toEqual(after);
  });
});
