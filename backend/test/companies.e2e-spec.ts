import type TestAgent from 'supertest/lib/agent.js';
import { MSG } from '../../common/messages.js';
import { seedCompanies, DEMO_COMPANIES } from '../src/seeders/companies.seed.js';
import { expectContractOrder } from './support/list-order.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { EntityManager } from '@mikro-orm/postgresql';

const ADMIN_PATH = '/_api/admin/companies';

describe('companies', () => {
  let t: TestApp;
  let admin: TestAgent;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signedIn();
  });
  afterAll(() => t.close());
  beforeEach(() => t.sql('delete from companies'));

  const create = (body: object) => admin.post(ADMIN_PATH).send(body);
  const count = async () => (await t.sql<{ n: number }>('select count(*)::int as n from companies'))[0].n;

  describe('SPEC face', () => {
    it('creates a company with every field and answers it back', async () => {
      const res = await create({
        name: '  Acme Funding ',
        description: 'Desc',
        logoUrl: 'https://cdn.example.com/acme.png',
        websiteUrl: 'https://acme.example',
        rating: 4.5,
        whyChooseUs: 'Fast payouts',
      }).expect(201);
      expect(res.body).toMatchObject({
        id: expect.any(Number),
        name: 'Acme Funding',
        description: 'Desc',
        logoUrl: 'https://cdn.example.com/acme.png',
        websiteUrl: 'https://acme.example',
        rating: 4.5,
        whyChooseUs: 'Fast payouts',
        featured: false,
      });
      const list = await t.http().get('/_api/companies').expect(200);
      expect(list.body.map((c: { name: string }) => c.name)).toEqual(['Acme Funding']);
    });

    it('stores empty optional fields as null', async () => {
      const res = await create({ name: 'Blank', description: '', logoUrl: '', websiteUrl: '  ', rating: null, whyChooseUs: '' }).expect(201);
      expect(res.body).toMatchObject({ description: null, logoUrl: null, websiteUrl: null, rating: null, whyChooseUs: null });
      const [row] = await t.sql('select description, logo_url, website_url, rating, why_choose_us from companies');
      expect(Object.values(row)).toEqual([null, null, null, null, null]);
    });

    it.each([
      [{}, 'name', MSG.companyNameRequired],
      [{ name: '' }, 'name', MSG.companyNameRequired],
      [{ name: '   ' }, 'name', MSG.companyNameRequired],
      [{ name: 42 }, 'name', MSG.companyNameRequired],
      [{ name: 'X', websiteUrl: 'not a url' }, 'websiteUrl', MSG.invalidUrl('Website URL')],
      [{ name: 'X', websiteUrl: 'javascript:alert(1)' }, 'websiteUrl', MSG.invalidUrl('Website URL')],
      [{ name: 'X', logoUrl: 'ftp://x/y.png' }, 'logoUrl', MSG.invalidImage('Logo')],
      [{ name: 'X', rating: 5.1 }, 'rating', MSG.ratingRange],
      [{ name: 'X', rating: -0.1 }, 'rating', MSG.ratingRange],
      [{ name: 'X', rating: 4.55 }, 'rating', MSG.ratingRange],
      [{ name: 'X', rating: '4' }, 'rating', MSG.ratingRange],
    ])('refuses %j with 400 on %s and stores nothing', async (body, field, message) => {
      const res = await create(body).expect(400);
      expect(res.body).toEqual({ statusCode: 400, error: message, message, errors: expect.objectContaining({ [field]: message }) });
      expect(await count()).toBe(0);
    });

    it('accepts the rating bounds and steps of 0.1', async () => {
      for (const rating of [0, 0.1, 2.5, 4.9, 5]) {
        const res = await create({ name: `R${rating}`, rating }).expect(201);
        expect(res.body.rating).toBe(rating);
      }
    });

    it('rejects unknown properties and names them', async () => {
      const res = await create({ name: 'X', colour: 'red', hack: true }).expect(400);
      expect(res.body.message).toBe('Unknown properties: colour, hack');
      expect(res.body.errors).toMatchObject({ colour: 'Unknown property: colour', hack: 'Unknown property: hack' });
      expect(await count()).toBe(0);
    });

    it('updates only the fields sent, and refuses an empty name', async () => {
      const { body: c } = await create({ name: 'Before', description: 'Keep me', rating: 3 }).expect(201);
      const res = await admin.post(`${ADMIN_PATH}/update`).send({ id: c.id, name: 'After', rating: 3.5 }).expect(200);
      expect(res.body).toMatchObject({ id: c.id, name: 'After', description: 'Keep me', rating: 3.5 });
      const bad = await admin.post(`${ADMIN_PATH}/update`).send({ id: c.id, name: '' }).expect(400);
      expect(bad.body.message).toBe(MSG.companyNameRequired);
      await admin.post(`${ADMIN_PATH}/update`).send({ id: c.id, name: null }).expect(400);
      const [row] = await t.sql<{ name: string }>('select name from companies');
      expect(row.name).toBe('After');
    });

    it('update and delete need an id, and unknown ids are 404', async () => {
      expect((await admin.post(`${ADMIN_PATH}/update`).send({ name: 'X' }).expect(400)).body.message).toBe(MSG.idRequired);
      expect((await admin.post(`${ADMIN_PATH}/delete`).send({}).expect(400)).body.message).toBe(MSG.idRequired);
      expect((await admin.post(`${ADMIN_PATH}/update`).send({ id: 99999, name: 'X' }).expect(404)).body.message).toBe(MSG.notFound('Company'));
      expect((await admin.post(`${ADMIN_PATH}/delete`).send({ id: 99999 }).expect(404)).body.error).toBe(MSG.notFound('Company'));
    });

    it('deletes a company', async () => {
      const { body: c } = await create({ name: 'Gone' }).expect(201);
      await admin.post(`${ADMIN_PATH}/delete`).send({ id: c.id }).expect(200);
      expect(await count()).toBe(0);
    });

    it('keeps one featured firm, and lists it first, then by rating', async () => {
      await create({ name: 'Low', rating: 3 });
      await create({ name: 'High', rating: 4.9 });
      const { body: first } = await create({ name: 'Star', rating: 2, featured: true });
      const { body: second } = await create({ name: 'New Star', rating: 1, featured: true });
      let list = (await t.http().get('/_api/companies').expect(200)).body;
      expect(list.map((c: { name: string }) => c.name)).toEqual(['New Star', 'High', 'Low', 'Star']);
      await admin.post(`${ADMIN_PATH}/update`).send({ id: first.id, featured: true }).expect(200);
      list = (await t.http().get('/_api/companies').expect(200)).body;
      expect(list.filter((c: { featured: boolean }) => c.featured).map((c: { id: number }) => c.id)).toEqual([first.id]);
      expect(second.id).not.toBe(first.id);
    });
  });

  describe('ra-data-simple-rest face', () => {
    beforeEach(async () => {
      for (const [i, name] of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].entries()) {
        await create({ name, rating: i, description: name === 'Delta' ? 'futures specialist' : null });
      }
    });

    it('sorts, pages and reports the total in Content-Range', async () => {
      const res = await admin
        .get(ADMIN_PATH)
        .query({ sort: JSON.stringify(['name', 'DESC']), range: JSON.stringify([1, 2]), filter: '{}' })
        .expect(200);
      expect(res.body.map((c: { name: string }) => c.name)).toEqual(['Delta', 'Charlie']);
      expect(res.headers['content-range']).toBe('companies 1-2/5');
      expect(res.headers['access-control-expose-headers']).toBe('Content-Range');
    });

    it('answers the whole list without range', async () => {
      const res = await admin.get(ADMIN_PATH).expect(200);
      expect(res.body).toHaveLength(5);
      expect(res.headers['content-range']).toBe('companies 0-4/5');
    });

    it('searches with q (name or description, case-insensitive, wildcards literal) and fetches many by id', async () => {
      const q = await admin.get(ADMIN_PATH).query({ filter: JSON.stringify({ q: 'FUTURES' }) }).expect(200);
      expect(q.body.map((c: { name: string }) => c.name)).toEqual(['Delta']);
      const wild = await admin.get(ADMIN_PATH).query({ filter: JSON.stringify({ q: '%' }) }).expect(200);
      expect(wild.body).toHaveLength(0);
      const ids = q.body.map((c: { id: number }) => c.id);
      const all = (await admin.get(ADMIN_PATH).expect(200)).body as Array<{ id: number; name: string }>;
      const many = await admin.get(ADMIN_PATH).query({ filter: JSON.stringify({ id: [all[0].id, all[1].id] }) }).expect(200);
      expect(many.body.map((c: { id: number }) => c.id).sort()).toEqual([all[0].id, all[1].id].sort());
      expect(ids).toHaveLength(1);
    });

    it('refuses malformed sort, range and filter with 400', async () => {
      for (const query of [{ sort: 'name' }, { sort: '["password","ASC"]' }, { range: '[5,1]' }, { range: '[0,"a"]' }, { filter: '[' }, { filter: '{"id":["x"]}' }]) {
        const res = await admin.get(ADMIN_PATH).query(query).expect(400);
        expect(res.body.message).toMatch(/^Invalid (sort|range|filter) parameter$/);
      }
    });

    it('gets, replaces and deletes by id, ignoring the read-only fields react-admin sends back', async () => {
      const list = (await admin.get(ADMIN_PATH).expect(200)).body;
      const one = list[0];
      // The admin record carries its optimistic-locking version (issue #20); list rows do not need it.
      expect((await admin.get(`${ADMIN_PATH}/${one.id}`).expect(200)).body).toEqual({ ...one, programs: [], scores: [], version: 1 });
      const refused = await admin.put(`${ADMIN_PATH}/${one.id}`).send({ ...one, name: 'Renamed', id: 12345, createdAt: 'x' }).expect(400);
      expect(refused.body.message).toBe(MSG.readOnlyChanged(['id']));
      expect((await admin.put(`${ADMIN_PATH}/${one.id}`).send({ ...one, createdAt: 'x' }).expect(400)).body.errors).toEqual({ createdAt: MSG.readOnlyField });
      const put = await admin.put(`${ADMIN_PATH}/${one.id}`).send({ ...one, name: 'Renamed' }).expect(200);
      expect(put.body).toMatchObject({ id: one.id, name: 'Renamed' });
      expect((await admin.put(`${ADMIN_PATH}/${one.id}`).send({ ...one, name: '' }).expect(400)).body.message).toBe(MSG.companyNameRequired);
      await admin.delete(`${ADMIN_PATH}/${one.id}`).expect(200);
      await admin.get(`${ADMIN_PATH}/${one.id}`).expect(404);
      expect((await admin.get(`${ADMIN_PATH}/abc`).expect(400)).body.message).toBe(MSG.idInteger);
      // Beyond the integer id column: a 400, never a database error.
      expect((await admin.get(`${ADMIN_PATH}/99999999999`).expect(400)).body.message).toBe(MSG.idInteger);
      expect((await admin.post(`${ADMIN_PATH}/delete`).send({ id: 99999999999 }).expect(400)).body.message).toBe(MSG.idInteger);
    });
  });

  describe('admin REST face of issue #7: public order by default, search, featured filter, every sort', () => {
    interface Row { id: number; name: string; rating: number | null; featured: boolean; createdAt: string }
    const page = async (query: Record<string, string>) => admin.get(ADMIN_PATH).query(query).expect(200);
    beforeEach(async () => {
      for (const [name, rating] of [['Kilo', 4], ['Bravo', null], ['Alpha', 4], ['Delta', 4.5], ['Echo', 2]] as const) {
        await create({ name, rating }).expect(201);
      }
      await create({ name: 'Zulu', rating: 1, featured: true }).expect(201);
    });

    it('defaults to the public order: the featured firm first, then rating (none last), then name', async () => {
      const res = await page({ range: '[0,24]' });
      expect(res.body.map((c: Row) => c.name)).toEqual(['Zulu', 'Delta', 'Alpha', 'Kilo', 'Echo', 'Bravo']);
      const publicOrder = (await t.http().get('/_api/companies').expect(200)).body.map((c: Row) => c.name);
      expect(res.body.map((c: Row) => c.name)).toEqual(publicOrder);
      const second = await page({ range: '[2,3]' });
      expect(second.body.map((c: Row) => c.name)).toEqual(['Alpha', 'Kilo']);
      expect(second.headers['content-range']).toBe('companies 2-3/6');
    });

    it('sorted featured DESC (react-admin\'s default sort) answers the public order, and ASC its reverse', async () => {
      await create({ name: 'Charlie', rating: 4 }).expect(201); // ties Alpha and Kilo on rating: name decides
      const publicOrder = (await t.http().get('/_api/companies').expect(200)).body.map((c: Row) => c.name);
      expect(publicOrder).toEqual(['Zulu', 'Delta', 'Alpha', 'Charlie', 'Kilo', 'Echo', 'Bravo']);
      const names = async (order: string, range: string) =>
        (await page({ sort: JSON.stringify(['featured', order]), range })).body.map((c: Row) => c.name);
      expect(await names('DESC', '[0,24]')).toEqual(publicOrder);
      expect([...(await names('DESC', '[0,2]')), ...(await names('DESC', '[3,6]'))]).toEqual(publicOrder);
      expect(await names('ASC', '[0,24]')).toEqual([...publicOrder].reverse());
    });

    it.each(['id', 'name', 'rating', 'createdAt'] as const)('sorts by %s both ways, empty last, ties by id', async (field) => {
      for (const order of ['ASC', 'DESC'] as const) {
        const res = await page({ sort: JSON.stringify([field, order]), range: '[0,24]' });
        expect(res.body).toHaveLength(6);
        expectContractOrder(res.body as Row[], (c) => c[field], order);
      }
    });

    it('searches by name and filters featured, as booleans or their text', async () => {
      expect((await page({ filter: '{"q":"ELT"}' })).body.map((c: Row) => c.name)).toEqual(['Delta']);
      for (const featured of [true, 'true']) {
        expect((await page({ filter: JSON.stringify({ featured }) })).body.map((c: Row) => c.name)).toEqual(['Zulu']);
      }
      const notFeatured = await page({ filter: '{"featured":false}', range: '[0,1]' });
      expect(notFeatured.headers['content-range']).toBe('companies 0-1/5');
    });

    it('refuses an unknown filter or a featured that is not a boolean with 400', async () => {
      const unknown = await admin.get(ADMIN_PATH).query({ filter: '{"rating":4}' }).expect(400);
      expect(unknown.body).toMatchObject({ message: 'Invalid filter parameter', errors: { filter: MSG.unknownProperties(['rating']) } });
      const featured = await admin.get(ADMIN_PATH).query({ filter: '{"featured":"yes"}' }).expect(400);
      expect(featured.body.message).toBe('Invalid filter parameter');
    });
  });

  describe('GET /_api/admin/companies/export.csv (issue #18: every row of the filter, streamed)', () => {
    it('exports 1,200 companies as 1,200 rows in the admin order, only the filter\'s, for signed-in staff only', async () => {
      // 1,200 firms, every third featured-less "Beta"; ratings spread so the admin order (featured, rating, name) is checkable.
      await t.sql(
        `insert into companies (name, slug, description, rating)
         select case when g % 3 = 0 then 'Beta ' else 'Alpha ' end || g, 'firm-' || g, 'Firm number ' || g, (g % 50) / 10.0
         from generate_series(1, 1200) g`,
      );
      await t.sql(`update companies set featured = true where slug = 'firm-600'`);
      await t.http().get(`${ADMIN_PATH}/export.csv`).expect(401);
      const res = await admin.get(`${ADMIN_PATH}/export.csv`).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="companies_\d{4}-\d\d-\d\d\.csv"$/);
      const lines = res.text.trim().split('\r\n');
      expect(lines[0]).toBe('id,name,slug,website_url,rating,featured,status,status_since,affiliate_status,last_tested_at,pass_rate,created_at');
      // No field here holds a comma; an empty one is written bare.
      const slugs = lines.slice(1).map((l) => l.split(',')[2]!.replaceAll('"', ''));
      expect(slugs).toHaveLength(1200);
      expect(new Set(slugs).size).toBe(1200);
      // The same rows in the same order as the admin list read whole.
      const listed = (await admin.get(ADMIN_PATH).expect(200)).body.map((c: { slug: string }) => c.slug);
      expect(slugs).toEqual(listed);
      expect(slugs[0]).toBe('firm-600');

      const beta = await admin.get(`${ADMIN_PATH}/export.csv?filter=${encodeURIComponent('{"q":"beta"}')}`).expect(200);
      expect(beta.text.trim().split('\r\n')).toHaveLength(1 + 400);
      const bad = await admin.get(`${ADMIN_PATH}/export.csv?filter=${encodeURIComponent('{"colour":"red"}')}`).expect(400);
      expect(bad.body).toMatchObject({ statusCode: 400, message: MSG.invalidListParam('filter') });
    });

    it('quotes every field and keeps a formula a spreadsheet would run as text', async () => {
      await create({ name: '=HYPERLINK("http://evil.example")', websiteUrl: 'https://ok.example' }).expect(201);
      const res = await admin.get(`${ADMIN_PATH}/export.csv`).expect(200);
      expect(res.text.split('\r\n')[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    });
  });

  describe('POST /_api/admin/companies/bulk (issue #18: select all = every company of the filter, on the server)', () => {
    const snapshot = async () => (await t.sql<{ slug: string }>('select slug from companies order by slug')).map((r) => r.slug);

    it('deletes exactly the companies of the filter in one request and logs one audit entry', async () => {
      await t.sql(
        `insert into companies (name, slug, featured) select 'Bulk firm ' || g, 'bulk-' || g, false from generate_series(1, 1200) g`,
      );
      // Look-alikes outside the filter: a featured "Bulk" firm (the filter says featured: false) and another name.
      await create({ name: 'Bulk featured', featured: true }).expect(201);
      await create({ name: 'Other firm' }).expect(201);
      const filter = { q: 'bulk', featured: false };
      expect((await admin.get(ADMIN_PATH).query({ range: '[0,11]', filter: JSON.stringify(filter) }).expect(200)).headers['content-range'])
        .toBe('companies 0-11/1200');

      const res = await admin.post(`${ADMIN_PATH}/bulk`).send({ action: 'delete', filter }).expect(200);
      expect(res.body).toEqual({ action: 'delete', count: 1200 });
      expect(await snapshot()).toEqual(['bulk-featured', 'other-firm']);
      // The public list follows at once.
      expect((await t.http().get('/_api/companies').expect(200)).body.map((c: { name: string }) => c.name).sort())
        .toEqual(['Bulk featured', 'Other firm']);
      const [entry] = await t.sql<{ action: string; changes: object }>(
        `select action, changes from audit_log where resource = 'companies' order by id desc limit 1`,
      );
      expect(entry).toEqual({ action: 'bulk', changes: { action: [null, 'delete'], filter: [null, filter], count: [null, 1200] } });
      // Again: nothing left to delete.
      expect((await admin.post(`${ADMIN_PATH}/bulk`).send({ action: 'delete', filter }).expect(200)).body.count).toBe(0);
    });

    it('deletes none when any of them still has discounts (409, as a single delete), and ticked ids otherwise', async () => {
      const ids: number[] = [];
      for (const name of ['Keep me', 'Free one', 'Free two']) ids.push((await create({ name }).expect(201)).body.id);
      await admin.post('/_api/admin/discounts').send({ companyId: ids[0], title: 'Code', discountPercentage: 10 }).expect(201);
      const before = await snapshot();
      const refused = await admin.post(`${ADMIN_PATH}/bulk`).send({ action: 'delete', filter: {} }).expect(409);
      expect(refused.body).toEqual({ statusCode: 409, error: MSG.companyHasDiscounts(1), message: MSG.companyHasDiscounts(1) });
      expect(await snapshot()).toEqual(before);

      expect((await admin.post(`${ADMIN_PATH}/bulk`).send({ action: 'delete', ids: [ids[1], ids[2]] }).expect(200)).body)
        .toEqual({ action: 'delete', count: 2 });
      expect(await snapshot()).toEqual(['keep-me']);
      await t.sql('delete from discounts');
    });

    it('refuses a bad action, scope or filter with 400 and changes nothing; a visitor gets 401', async () => {
      const { body: firm } = await create({ name: 'Stays' }).expect(201);
      for (const body of [
        { action: 'explode', filter: {} }, { action: 'feature', ids: [firm.id] }, { filter: {} }, { action: 'delete' },
        { action: 'delete', ids: [firm.id], filter: {} }, { action: 'delete', filter: { colour: 'red' } },
        { action: 'delete', filter: { featured: 'maybe' } }, { action: 'delete', filter: { id: ['x'] } }, { action: 'delete', ids: [] },
        { action: 'delete', filter: [] }, { action: 'delete', filter: {}, extra: 1 },
      ]) {
        const res = await admin.post(`${ADMIN_PATH}/bulk`).send(body);
        expect([body, res.status, Object.keys(res.body).sort()]).toEqual([body, 400, expect.arrayContaining(['error', 'message', 'statusCode'])]);
      }
      await t.http().post(`${ADMIN_PATH}/bulk`).send({ action: 'delete', filter: {} }).expect(401);
      expect(await snapshot()).toEqual(['stays']);
    });
  });

  describe('demo seed', () => {
    it('fills an empty table with the 8 partner firms, one featured, and never touches a non-empty one', async () => {
      const em = t.app.get(EntityManager).fork();
      expect(await seedCompanies(em)).toBe(8);
      const list = (await t.http().get('/_api/companies').expect(200)).body;
      expect(list).toHaveLength(DEMO_COMPANIES.length);
      expect(list[0]).toMatchObject({ name: 'FundedNext', featured: true });
      expect(list.filter((c: { featured: boolean }) => c.featured)).toHaveLength(1);
      expect(await seedCompanies(t.app.get(EntityManager).fork())).toBe(0);
      expect(await count()).toBe(8);
    });
  });
});
