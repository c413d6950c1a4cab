/**
 * A stock react-admin update (ra-data-simple-rest sends the whole record it holds) is accepted by every admin
 * resource (issue #34): each resource's own GET answer goes back through its PUT unchanged and saves; a read-only
 * field changed on the way is a 400 naming it, and nothing changes.
 */
import type TestAgent from 'supertest/lib/agent.js';
import { MSG } from '../../common/messages.js';
import { dataUrl, makeImage } from './support/images.js';
import { adminRoutes } from './support/routes.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const TRADER = { email: 'roundtrip-trader@test.example', password: 'roundtrip-password' };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('every admin resource accepts back the record it served', () => {
  let t: TestApp;
  let admin: TestAgent;
  /** One record of each admin resource that has a PUT /:id, made the way its screens make it. */
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    await t.createUser(TRADER.email, TRADER.password, 'user');
    const trader = await t.signedIn(TRADER);
    admin = await t.signedIn();
    ids.companies = (await admin.post('/_api/admin/companies').send({ name: 'Round Trip Funding' }).expect(201)).body.id;
    ids.discounts = (await admin.post('/_api/admin/discounts').send({ companyId: ids.companies, title: 'Code', discountPercentage: 10 }).expect(201)).body.id;
    ids['blog-posts'] = (await admin.post('/_api/admin/blog-posts').send({ title: 'Round trip', slug: 'round-trip', content: '<p>Hi</p>', status: 'published' }).expect(201)).body.id;
    ids['firm-changes'] = (await admin.post('/_api/admin/firm-changes').send({ companyId: ids.companies, date: '2026-11-01', change: 'Rules changed' }).expect(201)).body.id;
    ids.campaigns = (await admin.post('/_api/admin/campaigns').send({ subject: 'Round trip', html: '<p>Deals</p>' }).expect(201)).body.id;
    await t.http().post('/_api/newsletter/subscribe').send({ email: 'roundtrip-reader@test.example', source: 'homepage' }).expect((r) => expect(r.status).toBeLessThan(300));
    ids['newsletter-subscribers'] = (await t.sql<{ id: number }>("select id from newsletter_subscribers where email = 'roundtrip-reader@test.example'"))[0]!.id;
    ids.users = (await t.sql<{ id: number }>('select id from users where email = $1', [TRADER.email]))[0]!.id;
    ids['payout-reports'] = (await trader.post('/_api/payout-reports').send({
      companyId: ids.companies, amount: 2400, requestedOn: day(-5), resolvedOn: day(-5), outcome: 'denied', firmReason: 'Consistency rule',
    }).expect(201)).body.id;
    const receipt = dataUrl(await makeImage(40, 30, 'png'));
    ids['payout-claims'] = (await trader.post('/_api/payout-claims').send({
      reportId: ids['payout-reports'], purchaseEvidence: [receipt], accountId: 'ACC-9', statement: 'I followed every rule.',
    }).expect(201)).body.id;
  });
  afterAll(() => t.close());

  it('has a record here for every admin resource with a PUT /:id', () => {
    const resources = adminRoutes(t)
      .filter((r) => r.method === 'put' && /^\/_api\/admin\/[^/]+\/:id$/.test(r.path))
      .map((r) => r.path.split('/')[3]!);
    expect(resources.sort()).toEqual(Object.keys(ids).sort());
  });

  it.each(['companies', 'discounts', 'blog-posts', 'firm-changes', 'campaigns', 'newsletter-subscribers', 'users', 'payout-reports', 'payout-claims'])(
    '%s: its GET answer goes back through PUT and saves',
    async (resource) => {
      const url = `/_api/admin/${resource}/${ids[resource]}`;
      const served = (await admin.get(url).expect(200)).body as Record<string, unknown>;
      const saved = await admin.put(url).send(served);
      expect({ status: saved.status, message: saved.body.message }).toEqual({ status: 200, message: undefined });
      expect(saved.body.id).toBe(ids[resource]);
    },
  );

  it('refuses a changed read-only field by name and changes nothing', async () => {
    const url = `/_api/admin/payout-reports/${ids['payout-reports']}`;
    const served = (await admin.get(url).expect(200)).body as Record<string, unknown>;
    const refused = await admin.put(url).send({ ...served, amount: 1, status: 'approved' }).expect(400);
    expect(refused.body.message).toBe(MSG.readOnlyChanged(['amount']));
    expect(refused.body.errors).toEqual({ amount: MSG.readOnlyField });
    expect((await admin.get(url).expect(200)).body).toEqual(served);
    const moved = await admin.put(`/_api/admin/companies/${ids.companies}`).send({ id: ids.companies + 1000, name: 'Other' }).expect(400);
    expect(moved.body.message).toBe(MSG.readOnlyChanged(['id']));
  });
});
