import type TestAgent from 'supertest/lib/agent.js';
import type { FirmProfileDto } from '../../common/firm-api-types.js';
import { atomProblems } from './support/atom.js';
import { childrenNamed, childText, parseXml } from './support/markup.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const COMPANIES = '/_api/admin/companies';

const program = (over: Record<string, unknown> = {}) => ({
  name: 'Classic', type: 'two-step', profitTargets: [8, 5], dailyLoss: 5, maxLoss: 10, drawdownType: 'static',
  minTradingDays: 3, timeLimitDays: null, profitSplit: 80, firstPayoutDays: 14, payoutFrequency: 'Bi-weekly',
  refundableFee: true, activationFee: null, resetPrice: 99, sizes: [{ size: 10000, price: 100 }, { size: 100000, price: 500 }],
  ...over,
});

describe('rule history that writes itself (issue #19)', () => {
  let t: TestApp;
  let admin: TestAgent;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signedIn();
  });
  afterAll(() => t.close());
  beforeEach(() => t.sql('delete from discounts; delete from companies'));

  const createFirm = async (body: Record<string, unknown> = {}) =>
    (await admin.post(COMPANIES).send({ name: 'Acme Funding', programs: [program()], ...body }).expect(201)).body;
  const profile = async (slug = 'acme-funding'): Promise<FirmProfileDto> => (await t.http().get(`/_api/firms/${slug}`).expect(200)).body;
  const events = () => t.sql<{ kind: string; field: string; before: unknown; after: unknown; note: string | null }>(
    'select kind, program, field, before, after, note, source_url from firm_events order by id',
  );

  it('a new firm starts with no history', async () => {
    await createFirm();
    expect(await events()).toEqual([]);
    expect((await profile()).timeline).toEqual([]);
  });

  it('editing a program writes one entry per changed rule field, with the editor\'s note and source, in the timeline', async () => {
    const firm = await createFirm();
    const [saved] = firm.programs;
    await admin.put(`${COMPANIES}/${firm.id}`).send({
      ...firm,
      programs: [{ ...saved, maxLoss: 8, resetPrice: 79, sizes: [{ size: 10000, price: 90 }, { size: 100000, price: 500 }] }],
      changeNote: 'Announced on their blog', changeSourceUrl: 'https://acme.example/news/rules',
    }).expect(200);
    expect(await events()).toEqual([
      { kind: 'rule', program: 'Classic', field: 'maxLoss', before: 10, after: 8, note: 'Announced on their blog', source_url: 'https://acme.example/news/rules' },
      { kind: 'rule', program: 'Classic', field: 'resetPrice', before: 99, after: 79, note: 'Announced on their blog', source_url: 'https://acme.example/news/rules' },
      { kind: 'rule', program: 'Classic', field: 'price:10000', before: 100, after: 90, note: 'Announced on their blog', source_url: 'https://acme.example/news/rules' },
    ]);
    const { timeline } = await profile();
    expect(timeline.map((e) => e.text)).toEqual(expect.arrayContaining([
      'Classic: Max loss 10 % \u2192 8 %', 'Classic: Reset price $99 \u2192 $79', 'Classic: Price of the $10,000 account $100 \u2192 $90',
    ]));
    expect(timeline[0]).toMatchObject({ date: new Date().toISOString().slice(0, 10), sourceUrl: 'https://acme.example/news/rules', note: 'Announced on their blog' });
  });

  it('a save that changes no rule writes nothing; a status change writes one status entry', async () => {
    const firm = await createFirm();
    await admin.put(`${COMPANIES}/${firm.id}`).send(firm).expect(200);
    await admin.post(`${COMPANIES}/update`).send({ id: firm.id, description: 'New words' }).expect(200);
    expect(await events()).toEqual([]);
    await admin.post(`${COMPANIES}/update`).send({ id: firm.id, status: 'paused' }).expect(200);
    expect(await events()).toEqual([{ kind: 'status', program: null, field: 'status', before: 'active', after: 'paused', note: null, source_url: null }]);
    expect((await profile()).timeline[0]!.text).toBe('Status Active \u2192 Payouts paused');
  });

  it('raw-SQL writes do not skip the outbox: a rule, a price and a status changed by SQL are recorded', async () => {
    const firm = await createFirm();
    await t.sql('update firm_programs set max_loss = 6, time_limit_days = 30 where company_id = $1', [firm.id]);
    await t.sql('update firm_program_sizes set price = 450 where size = 100000');
    await t.sql(`update companies set status = 'closed' where id = $1`, [firm.id]);
    expect(await events()).toEqual([
      expect.objectContaining({ kind: 'rule', program: 'Classic', field: 'maxLoss', before: 10, after: 6 }),
      expect.objectContaining({ kind: 'rule', program: 'Classic', field: 'timeLimitDays', before: null, after: 30 }),
      expect.objectContaining({ kind: 'rule', program: 'Classic', field: 'price:100000', before: 500, after: 450 }),
      expect.objectContaining({ kind: 'status', field: 'status', before: 'active', after: 'closed' }),
    ]);
    // The profile's cached answer is dropped by the outbox's own change notice.
    expect((await profile()).timeline.map((e) => e.text)).toContain('Classic: Max loss 10 % \u2192 6 %');
  });

  it('a refused save writes no entry (the history is in the same transaction)', async () => {
    const firm = await createFirm();
    const other = await createFirm({ name: 'Other' });
    await admin.put(`${COMPANIES}/${firm.id}`).send({ ...firm, slug: other.slug, programs: [{ ...firm.programs[0], maxLoss: 8 }] }).expect(409);
    expect(await events()).toEqual([]);
  });

  it('manual entries stay beside the recorded ones, newest first', async () => {
    const firm = await createFirm();
    await admin.post('/_api/admin/firm-changes').send({ companyId: firm.id, date: '2026-01-02', change: 'New office', sourceUrl: null }).expect(201);
    await admin.post(`${COMPANIES}/update`).send({ id: firm.id, status: 'paused' }).expect(200);
    expect((await profile()).timeline.map((e) => [e.kind, e.text])).toEqual([['status', 'Status Active \u2192 Payouts paused'], ['manual', 'New office']]);
  });

  it('the changelog\'s Export gives every entry of the filter, streamed (issue #18: not the first 1,000)', async () => {
    const firm = await createFirm();
    const other = await createFirm({ name: 'Other' });
    await t.sql(
      `insert into firm_changes (company_id, date, change) select case when g % 4 = 0 then $2::int else $1::int end,
         date '2020-01-01' + g, 'Rule change ' || g from generate_series(1, 1200) g`,
      [firm.id, other.id],
    );
    await t.http().get('/_api/admin/firm-changes/export.csv').expect(401);
    const res = await admin.get('/_api/admin/firm-changes/export.csv').expect(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="firm_changes_\d{4}-\d\d-\d\d\.csv"$/);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('id,date,company,change,source_url');
    // Newest first, as the list.
    expect(lines.slice(1).map((l) => l.split(',')[3]!.replaceAll('"', ''))).toEqual(Array.from({ length: 1200 }, (_, i) => `Rule change ${1200 - i}`));
    const one = await admin.get(`/_api/admin/firm-changes/export.csv?filter=${encodeURIComponent(JSON.stringify({ companyId: other.id }))}`).expect(200);
    expect(one.text.trim().split('\r\n')).toHaveLength(1 + 300);
    await admin.get(`/_api/admin/firm-changes/export.csv?filter=${encodeURIComponent('{"colour":"red"}')}`).expect(400);
  });

  it('a bad source link is refused with the error shape and changes nothing', async () => {
    const firm = await createFirm();
    const res = await admin.post(`${COMPANIES}/update`).send({ id: firm.id, status: 'paused', changeSourceUrl: 'not a url' }).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, errors: { changeSourceUrl: expect.any(String) } });
    expect(await events()).toEqual([]);
  });

  describe('firm status (issue #17)', () => {
    const today = () => new Date().toISOString().slice(0, 10);
    const REASON = 'Payouts late by three weeks since October';
    const SOURCE = 'https://acme.example/notice';

    it('a status change keeps its day, reason and source on both faces and in the changelog entry', async () => {
      const firm = await createFirm();
      const saved = (await admin.post(`${COMPANIES}/update`).send({ id: firm.id, status: 'under-watch', statusReason: `  ${REASON} `, statusSource: SOURCE }).expect(200)).body;
      expect(saved).toMatchObject({ status: 'under-watch', statusSince: today(), statusReason: REASON, statusSource: SOURCE });
      // The react-admin face and the public reads show the same fields.
      expect((await admin.get(`${COMPANIES}/${firm.id}`).expect(200)).body).toMatchObject({ statusSince: today(), statusReason: REASON, statusSource: SOURCE });
      const companies = (await t.http().get('/_api/companies').expect(200)).body as Array<{ id: number; statusReason: string | null }>;
      expect(companies.find((c) => c.id === firm.id)).toMatchObject({ status: 'under-watch', statusReason: REASON, statusSource: SOURCE });
      expect(await events()).toEqual([{ kind: 'status', program: null, field: 'status', before: 'active', after: 'under-watch', note: REASON, source_url: SOURCE }]);
      expect((await profile()).timeline[0]).toMatchObject({ text: 'Status Active \u2192 Under watch', note: REASON, sourceUrl: SOURCE });

      // A PUT of the whole record (as react-admin sends it) moving to closed with the old day: the day becomes today,
      // the reason and source are the new ones.
      const record = (await admin.get(`${COMPANIES}/${firm.id}`).expect(200)).body;
      await t.sql(`update companies set status_since = '2026-01-05' where id = $1`, [firm.id]);
      const closed = (await admin.put(`${COMPANIES}/${firm.id}`).send({
        ...record, version: record.version, statusSince: '2026-01-05', status: 'closed', statusReason: 'Stopped selling accounts', statusSource: null,
      }).expect(200)).body;
      expect(closed).toMatchObject({ status: 'closed', statusSince: today(), statusReason: 'Stopped selling accounts', statusSource: null });
      // Without a reason, a later change clears the old one rather than carry it over.
      const active = (await admin.post(`${COMPANIES}/update`).send({ id: firm.id, status: 'active', statusSince: '2026-11-01' }).expect(200)).body;
      expect(active).toMatchObject({ status: 'active', statusSince: '2026-11-01', statusReason: null, statusSource: null });
    });

    it('a raw-SQL status change writes its reason and source into the changelog too', async () => {
      const firm = await createFirm();
      await t.sql(`update companies set status = 'paused', status_reason = $2, status_source = $3 where id = $1`, [firm.id, REASON, SOURCE]);
      expect(await events()).toEqual([expect.objectContaining({ kind: 'status', before: 'active', after: 'paused', note: REASON, source_url: SOURCE })]);
    });

    it.each([
      ['a reason over 200 characters', { statusReason: 'x'.repeat(201) }, 'statusReason', 'Status reason must be one line of at most 200 characters'],
      ['a reason of two lines', { statusReason: 'one\ntwo' }, 'statusReason', 'Status reason must be one line of at most 200 characters'],
      ['a source that is no URL', { statusSource: 'javascript:alert(1)' }, 'statusSource', expect.stringContaining('Status source URL')],
      ['a day that does not exist', { statusSince: '2026-02-30' }, 'statusSince', 'Status since must be a date (YYYY-MM-DD)'],
      ['an unknown status', { status: 'watching' }, 'status', 'Status must be one of: active, under-watch, paused, closed'],
    ])('refuses %s with the error shape and changes nothing', async (_name, body, field, message) => {
      const firm = await createFirm();
      const res = await admin.post(`${COMPANIES}/update`).send({ id: firm.id, status: 'paused', ...body }).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, errors: { [field]: message } });
      expect((await admin.get(`${COMPANIES}/${firm.id}`).expect(200)).body).toMatchObject({ status: 'active', statusReason: null });
      expect(await events()).toEqual([]);
    });

    it('the profile page shows the banner with the reason and source; a closed firm\'s codes are listed last and never #1 CHOICE', async () => {
      const firm = await createFirm({ featured: true });
      const other = await createFirm({ name: 'Other Funding' });
      for (const [companyId, title] of [[firm.id, 'Closed deal'], [other.id, 'Open deal']] as const) {
        await admin.post('/_api/admin/discounts').send({ title, companyId, discountCode: title.toUpperCase().replace(' ', ''), discountPercentage: 10 }).expect(201);
      }
      const discounts = async () => ((await t.http().get('/_api/discounts').expect(200)).body as Array<{ title: string }>).map((d) => d.title);
      expect(await discounts()).toEqual(['Closed deal', 'Open deal']);
      await admin.post(`${COMPANIES}/update`).send({ id: firm.id, status: 'closed', statusReason: REASON, statusSource: SOURCE }).expect(200);
      expect(await discounts()).toEqual(['Open deal', 'Closed deal']);
      const companies = ((await t.http().get('/_api/companies').expect(200)).body as Array<{ name: string }>).map((c) => c.name);
      expect(companies).toEqual(['Other Funding', 'Acme Funding']);

      // React marks where text parts meet with empty comments: the text a reader sees has none.
      const page = (await t.http().get('/firms/acme-funding').expect(200)).text.replace(/<!-- -->/g, '');
      expect(page).toContain('Acme Funding is closed: it no longer sells accounts.');
      expect(page).toContain(`Why: ${REASON}`);
      expect(page).toContain(`href="${SOURCE}"`);
      // Its history stays online with the profile.
      expect(page).toContain('Status Active \u2192 Closed');
      const deals = (await t.http().get('/discounts').expect(200)).text.replace(/<!-- -->/g, '');
      expect(deals).not.toContain('#1 CHOICE');
      expect(deals).toContain('Not promoted');
    });
  });

  describe('Atom feed', () => {
    it('validates as Atom and lists the changes newest first, each linking to the timeline and its source', async () => {
      const firm = await createFirm();
      await admin.post(`${COMPANIES}/update`).send({ id: firm.id, programs: [program({ maxLoss: 8 })], changeSourceUrl: 'https://acme.example/rules' }).expect(200);
      await admin.post(`${COMPANIES}/update`).send({ id: firm.id, status: 'paused' }).expect(200);
      const res = await t.http().get('/firms/acme-funding/changes.xml').expect(200);
      expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      expect(atomProblems(res.text)).toEqual([]);
      const feed = parseXml(res.text);
      const entries = childrenNamed(feed, 'entry');
      expect(entries.map((e) => childText(e, 'title'))).toEqual(['Status Active \u2192 Payouts paused', 'Classic: Max loss 10 % \u2192 8 %']);
      const links = childrenNamed(entries[1]!, 'link').map((l) => l.attrs);
      expect(links).toContainEqual({ rel: 'alternate', type: 'text/html', href: expect.stringMatching(/\/firms\/acme-funding#change-e\d+$/) });
      expect(links).toContainEqual({ rel: 'related', href: 'https://acme.example/rules' });
    });

    it('validates with no entry yet, and answers 404 for an unknown firm', async () => {
      await createFirm();
      expect(atomProblems((await t.http().get('/firms/acme-funding/changes.xml').expect(200)).text)).toEqual([]);
      await t.http().get('/firms/nobody/changes.xml').expect(404);
    });

    it('the checker itself rejects what is not Atom', () => {
      expect(atomProblems('<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>')).toEqual(expect.arrayContaining([
        'feed must have exactly one atom:id', 'feed must have exactly one atom:updated',
      ]));
    });

    it('is linked from the profile head', async () => {
      await createFirm();
      // Jest's ESM loader can fail two concurrent first imports of one shared chunk (ERR_VM_MODULE_LINK_FAILURE,
      // "not in cache"); the table page loads the firm chunks first, as a visitor's first page usually does.
      await t.http().get('/firms').expect(200);
      const html = (await t.http().get('/firms/acme-funding').expect(200)).text;
      expect(html).toContain('<link rel="alternate" type="application/atom+xml" title="Acme Funding: rule changes" href="/firms/acme-funding/changes.xml">');
    });
  });
});
