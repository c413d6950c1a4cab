import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import type TestAgent from 'supertest/lib/agent.js';
import type { AdminDiscountDto, CompanyDto, PublicDiscountDto } from '../../common/api-types.js';
import { discountUrgency } from '../../common/discount-rules.js';
import { DISCOUNT_STATUSES } from '../../common/enums.js';
import { MSG } from '../../common/messages.js';
import { DEMO_COMPANIES, seedCompanies } from '../src/seeders/companies.seed.js';
import { seedDemoContent } from '../src/seeders/demo.seeder.js';
import { DEMO_DISCOUNTS, seedDiscounts } from '../src/seeders/discounts.seed.js';
import { PublicCacheService } from '../src/cache/public-cache.service.js';
import { MediaService } from '../src/media/media.service.js';
import { expectContractOrder } from './support/list-order.js';
import { queriesDuring } from './support/queries.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const ADMIN = '/_api/admin/discounts';
const PUBLIC = '/_api/discounts';
const DAY = 24 * 60 * 60 * 1000;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();


const silentLogger = { log: () => undefined, error: () => undefined, warn: () => undefined };

// One app for the whole file: passport keeps its session deserializers in a process-wide
// singleton, so a second app started in the same file would sign in against the first one.
let t: TestApp;
beforeAll(async () => {
  // Trust the loopback proxy, so a test speaks for several networks with X-Forwarded-For (a click counts once per network a day).
  t = await startTestApp({ trustProxy: 'loopback' });
});
afterAll(() => t.close());

describe('discounts', () => {
  let admin: TestAgent;
  let featured: CompanyDto;
  let alpha: CompanyDto;
  let beta: CompanyDto;

  const company = async (name: string, extra: Record<string, unknown> = {}): Promise<CompanyDto> =>
    (await admin.post('/_api/admin/companies').send({ name, websiteUrl: `https://${name.toLowerCase()}.example`, ...extra }).expect(201)).body;

  const create = async (body: Record<string, unknown>): Promise<AdminDiscountDto> =>
    (await admin.post(ADMIN).send({ companyId: alpha.id, ...body }).expect(201)).body;

  const count = async () => (await t.sql<{ n: number }>('select count(*)::int as n from discounts'))[0]!.n;

  beforeAll(async () => {
    admin = await t.signedIn();
    featured = await company('Featuredfirm', { featured: true, rating: 4.9, description: 'The #1 choice' });
    alpha = await company('Alphafirm', { rating: 4.5 });
    beta = await company('Betafirm');
  });

  describe('POST /_api/admin/discounts (SPEC face create)', () => {
    beforeEach(() => t.sql('delete from discounts'));

    it('keeps a code\'s fine print and refuses bad fine print naming the field, storing nothing (issue #18)', async () => {
      for (const [field, value] of [['eligibleSizes', [0]], ['eligibleSizes', 'all'], ['eligiblePrograms', ['']], ['minPrice', -1], ['stacks', 'yes']] as const) {
        const res = await admin.post(ADMIN).send({ companyId: alpha.id, title: 'Bad', [field]: value }).expect(400);
        expect({ field, errors: Object.keys(res.body.errors) }).toEqual({ field, errors: [field] });
      }
      expect(await t.sql('select id from discounts')).toEqual([]);
      const fine = { eligiblePrograms: ['Classic'], eligibleSizes: [50000, 100000], minPrice: 40, newAccountsOnly: true, appliesToResets: false, stacks: true };
      const created = (await admin.post(ADMIN).send({ companyId: alpha.id, title: 'Fine', discountCode: 'FINE', discountAmount: 50, ...fine }).expect(201)).body;
      expect(created).toMatchObject(fine);
      const put = (await admin.put(`${ADMIN}/${created.id}`).send({ ...created, eligibleSizes: null }).expect(200)).body;
      expect(put).toMatchObject({ ...fine, eligibleSizes: [] });
    });

    it('creates a discount with every field and answers it in the API shape', async () => {
      const until = '2031-03-04T05:06:07.000Z';
      const res = await admin
        .post(ADMIN)
        .send({
          companyId: alpha.id,
          title: '  20% Off Every Challenge  ',
          description: 'All account sizes.',
          discountCode: 'VTF20',
          affiliateLink: 'https://alphafirm.example/?ref=vtf',
          status: 'coming_soon',
          discountAmount: 25.5,
          discountPercentage: 20,
          originalPrice: 100,
          discountedPrice: 80,
          termsAndConditions: 'New accounts only.',
          validFrom: '2031-03-01',
          validUntil: until,
          mediaUrl: 'https://cdn.example/banner.png',
        })
        .expect(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        companyId: alpha.id,
        company: { id: alpha.id, name: 'Alphafirm' },
        title: '20% Off Every Challenge',
        description: 'All account sizes.',
        discountCode: 'VTF20',
        affiliateLink: 'https://alphafirm.example/?ref=vtf',
        status: 'coming_soon',
        discountAmount: 25.5,
        discountPercentage: 20,
        originalPrice: 100,
        discountedPrice: 80,
        termsAndConditions: 'New accounts only.',
        validFrom: '2031-03-01',
        validUntil: until,
        mediaUrl: 'https://cdn.example/banner.png',
        clicks: 0,
        // The proof figures (issue #11): nothing checked or reported yet.
        slug: expect.stringMatching(/^[a-z0-9-]+$/),
        lastVerifiedAt: null, lastCheckResult: null, reportsCount: 0, workedCount: 0, successRate: null, failingSince: null, heldReports: 0,
        // The fine print (issue #18): absent, the widest reading.
        eligiblePrograms: [], eligibleSizes: [], minPrice: null, newAccountsOnly: false, appliesToResets: false, stacks: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        version: 1,
      });
      const [row] = await t.sql('select company_id, valid_from::text, valid_until, discount_percentage::text from discounts');
      expect(row).toEqual({ company_id: alpha.id, valid_from: '2031-03-01', valid_until: new Date(until), discount_percentage: '20.00' });
    });

    it("accepts just the admin form's fields; empty optional fields are stored as null and status defaults to active", async () => {
      const res = await admin
        .post(ADMIN)
        .send({ title: 'Form offer', companyId: alpha.id, description: '', discountCode: '  ', affiliateLink: '', discountPercentage: '', validUntil: '', mediaUrl: '' })
        .expect(201);
      expect(res.body).toMatchObject({
        status: 'active', description: null, discountCode: null, affiliateLink: null, discountPercentage: null,
        validUntil: null, validFrom: null, mediaUrl: null, discountAmount: null, termsAndConditions: null,
      });
      const [row] = await t.sql('select status, description, discount_code, affiliate_link, discount_percentage, valid_until, media_url from discounts');
      expect(row).toEqual({ status: 'active', description: null, discount_code: null, affiliate_link: null, discount_percentage: null, valid_until: null, media_url: null });
    });

    it('reads a validUntil without a zone as UTC and keeps an offset exactly', async () => {
      expect((await create({ title: 'A', validUntil: '2031-01-02T03:04' })).validUntil).toBe('2031-01-02T03:04:00.000Z');
      expect((await create({ title: 'B', validUntil: '2031-01-02T03:04:05+02:00' })).validUntil).toBe('2031-01-02T01:04:05.000Z');
      expect((await create({ title: 'C', validUntil: '2031-01-02' })).validUntil).toBe('2031-01-02T00:00:00.000Z');
    });

    it('passes a data: image through MediaService.resolveImage(value, "discount") and stores what it returns', async () => {
      const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#0099ff' } }).png().toBuffer();
      const dataUrl = `data:image/png;base64,${png.toString('base64')}`;
      const expected = await t.app.get(MediaService).resolveImage(dataUrl, 'discount');
      const res = await admin.post(ADMIN).send({ title: 'With image', companyId: alpha.id, mediaUrl: dataUrl }).expect(201);
      expect(res.body.mediaUrl).toBe(expected);
      expect((await t.sql('select media_url from discounts'))[0]).toEqual({ media_url: expected });
      // A processed /media path is accepted as it is.
      await admin.post(ADMIN).send({ title: 'Media path', companyId: alpha.id, mediaUrl: '/media/abc123.webp' }).expect(201);
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ['no title', { title: undefined }, 'title', MSG.titleRequired],
      ['a blank title', { title: '   ' }, 'title', MSG.titleRequired],
      ['a null title', { title: null }, 'title', MSG.titleRequired],
      ['a title over 200 characters', { title: 'x'.repeat(201) }, 'title', 'Must be at most 200 characters'],
      ['no company', { companyId: undefined }, 'companyId', MSG.companyRequired],
      ['a null company', { companyId: null }, 'companyId', MSG.companyRequired],
      ['a company that is not an id', { companyId: 'abc' }, 'companyId', MSG.companyRequired],
      ['company 0', { companyId: 0 }, 'companyId', MSG.companyRequired],
      ['a company that does not exist', { companyId: 99 }, 'companyId', MSG.companyMissing(99)],
      ['an affiliate link that is not a URL', { affiliateLink: 'alphafirm dot com' }, 'affiliateLink', 'Affiliate link must be a valid URL'],
      ['a javascript: affiliate link', { affiliateLink: 'javascript:alert(1)' }, 'affiliateLink', 'Affiliate link must be a valid URL'],
      ['a media URL that is not a URL', { mediaUrl: 'banner.png' }, 'mediaUrl', 'Media URL must be a valid URL or an uploaded image'],
      ['a data: URL that is not an image', { mediaUrl: 'data:text/html;base64,PGgxPg==' }, 'mediaUrl', MSG.uploadInvalidType],
      ['a percentage over 100', { discountPercentage: 100.01 }, 'discountPercentage', MSG.discountPercentageRange],
      ['a negative percentage', { discountPercentage: -1 }, 'discountPercentage', MSG.discountPercentageRange],
      ['a percentage in words', { discountPercentage: 'ten' }, 'discountPercentage', MSG.discountPercentageRange],
      ['an unknown status', { status: 'pending' }, 'status', MSG.discountStatusInvalid],
      ['a null status', { status: null }, 'status', MSG.discountStatusInvalid],
      ['a negative amount', { discountAmount: -5 }, 'discountAmount', 'Discount amount must be a number of at least 0'],
      ['a negative original price', { originalPrice: -0.01 }, 'originalPrice', 'Original price must be a number of at least 0'],
      ['a discounted price in words', { discountedPrice: 'cheap' }, 'discountedPrice', 'Discounted price must be a number of at least 0'],
      ['a price too large to store', { originalPrice: 1e9 }, 'originalPrice', 'Original price must be at most 99,999,999.99'],
      ['an impossible validFrom', { validFrom: '2031-02-30' }, 'validFrom', MSG.validFromInvalid],
      ['a validFrom in another format', { validFrom: '05/01/2031' }, 'validFrom', MSG.validFromInvalid],
      ['a validUntil in words', { validUntil: 'next friday' }, 'validUntil', MSG.validUntilInvalid],
      ['an impossible validUntil', { validUntil: '2031-13-01T00:00:00Z' }, 'validUntil', MSG.validUntilInvalid],
      ['a validUntil at 25 o\'clock', { validUntil: '2031-01-01T25:00:00Z' }, 'validUntil', MSG.validUntilInvalid],
      ['a validUntil as a number', { validUntil: 1735689600000 }, 'validUntil', MSG.validUntilInvalid],
    ])('refuses %s with 400 and the message, storing nothing', async (_label, change, field, message) => {
      const res = await admin.post(ADMIN).send({ title: 'Offer', companyId: alpha.id, ...change }).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: message, message });
      expect(res.body.errors[field]).toBe(message);
      expect(await count()).toBe(0);
    });

    it('refuses unknown properties by name (including read-only ones on the SPEC face)', async () => {
      const res = await admin.post(ADMIN).send({ title: 'Offer', companyId: alpha.id, trending: true, clicks: 500 }).expect(400);
      expect(res.body.message).toBe('Unknown properties: trending, clicks');
      expect(await count()).toBe(0);
    });

    it('is an admin call: 401 without a session, nothing stored', async () => {
      const res = await t.http().post(ADMIN).send({ title: 'Offer', companyId: alpha.id }).expect(401);
      expect(res.body.message).toBe(MSG.notAuthenticated);
      await t.http().get(ADMIN).expect(401);
      expect(await count()).toBe(0);
    });
  });

  describe('POST /_api/admin/discounts/update and /delete (SPEC face)', () => {
    let d: AdminDiscountDto;
    beforeEach(async () => {
      await t.sql('delete from discounts');
      d = await create({
        title: 'Original', description: 'Desc', discountCode: 'CODE1', affiliateLink: 'https://alphafirm.example/?ref=1',
        discountPercentage: 10, validFrom: '2031-01-01', validUntil: '2031-02-01T00:00:00Z', termsAndConditions: 'Terms',
      });
    });

    it('changes only the fields it names and answers the whole record', async () => {
      await new Promise((r) => setTimeout(r, 5));
      const res = await admin.post(`${ADMIN}/update`).send({ id: d.id, title: 'Renamed', status: 'expired' }).expect(200);
      // Each save moves the optimistic-locking version on (issue #20).
      // A new title is a new slug (issue #30); the old one answers 301.
      expect(res.body).toEqual({ ...d, title: 'Renamed', slug: 'alphafirm-renamed', status: 'expired', updatedAt: expect.any(String), version: d.version + 1 });
      expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThan(new Date(d.updatedAt).getTime());
      expect((await admin.get(`${ADMIN}/${d.id}`).expect(200)).body).toEqual(res.body);
    });

    it('moves a discount to another company and clears fields sent empty or null', async () => {
      const res = await admin
        .post(`${ADMIN}/update`)
        .send({ id: d.id, companyId: beta.id, description: '', discountCode: null, validUntil: null, validFrom: '', discountPercentage: null, discountAmount: 30 })
        .expect(200);
      expect(res.body).toMatchObject({
        companyId: beta.id, company: { id: beta.id, name: 'Betafirm' }, description: null, discountCode: null,
        validUntil: null, validFrom: null, discountPercentage: null, discountAmount: 30, title: 'Original', termsAndConditions: 'Terms',
      });
      const [row] = await t.sql('select company_id, description, valid_until, discount_amount::float as amount from discounts');
      expect(row).toEqual({ company_id: beta.id, description: null, valid_until: null, amount: 30 });
    });

    it.each<[string, Record<string, unknown>, number, string]>([
      ['no id', { id: undefined, title: 'X' }, 400, MSG.idRequired],
      ['an id that is not an integer', { id: 'x', title: 'X' }, 400, MSG.idRequired],
      ['an unknown id', { id: 999999, title: 'X' }, 404, 'Discount not found'],
      ['an empty title', { title: '' }, 400, MSG.titleRequired],
      ['a null company', { companyId: null }, 400, MSG.companyRequired],
      ['a company that does not exist', { companyId: 4242 }, 400, MSG.companyMissing(4242)],
      ['an unknown status', { status: 'paused' }, 400, MSG.discountStatusInvalid],
      ['a percentage over 100', { discountPercentage: 150 }, 400, MSG.discountPercentageRange],
      ['a bad affiliate link', { affiliateLink: 'ftp://alphafirm.example' }, 400, 'Affiliate link must be a valid URL'],
      ['a read-only field', { clicks: 1000 }, 400, 'Unknown property: clicks'],
    ])('refuses %s with %i and changes nothing', async (_label, body, status, message) => {
      const res = await admin.post(`${ADMIN}/update`).send({ id: d.id, ...body }).expect(status);
      expect(res.body).toMatchObject({ statusCode: status, message, error: message });
      expect((await admin.get(`${ADMIN}/${d.id}`)).body).toEqual(d);
    });

    it('deletes by id and answers the deleted record', async () => {
      const res = await admin.post(`${ADMIN}/delete`).send({ id: d.id }).expect(200);
      expect(res.body).toEqual(d);
      expect(await count()).toBe(0);
      const again = await admin.post(`${ADMIN}/delete`).send({ id: d.id }).expect(404);
      expect(again.body.message).toBe('Discount not found');
    });

    it('refuses a delete without an id, or with extra properties', async () => {
      expect((await admin.post(`${ADMIN}/delete`).send({}).expect(400)).body.message).toBe(MSG.idRequired);
      expect((await admin.post(`${ADMIN}/delete`).send({ id: d.id, force: true }).expect(400)).body.message).toBe('Unknown property: force');
      expect(await count()).toBe(1);
    });
  });

  describe('GET /_api/admin/discounts and the ra-data-simple-rest face', () => {
    let all: AdminDiscountDto[];
    beforeAll(async () => {
      await t.sql('delete from discounts');
      await create({ title: 'Bravo deal', discountCode: 'BRAVO10', status: 'active', validUntil: inDays(10), discountPercentage: 10 });
      await create({ title: 'Alpha 100% match', discountCode: 'ALPHA', description: 'Fee refund_ with payout', status: 'expired', validUntil: inDays(-2), discountPercentage: 50 });
      await create({ companyId: beta.id, title: 'Charlie offer', description: 'Weekly payouts', status: 'coming_soon' });
      await create({ companyId: beta.id, title: 'Delta', discountCode: 'DELTA5', status: 'active', validUntil: inDays(3), discountPercentage: 5 });
      await create({ companyId: featured.id, title: 'Echo', status: 'active', validUntil: inDays(1) });
      all = (await admin.get(ADMIN).expect(200)).body;
    });

    it('without parameters answers every discount, newest first, with company {id, name} and Content-Range', async () => {
      const res = await admin.get(ADMIN).expect(200);
      expect(res.body.map((d: AdminDiscountDto) => d.title)).toEqual(['Echo', 'Delta', 'Charlie offer', 'Alpha 100% match', 'Bravo deal']);
      expect(res.body[0].company).toEqual({ id: featured.id, name: 'Featuredfirm' });
      expect(res.headers['content-range']).toBe('discounts 0-4/5');
      expect(res.headers['access-control-expose-headers']).toBe('Content-Range');
    });

    it('sorts, pages and counts in SQL', async () => {
      const url = `${ADMIN}?sort=${encodeURIComponent('["title","ASC"]')}&range=${encodeURIComponent('[1,2]')}`;
      let res!: { body: AdminDiscountDto[]; headers: Record<string, string> };
      const sql = await queriesDuring(t, async () => {
        res = await admin.get(url).expect(200);
      });
      expect(res.body.map((d) => d.title)).toEqual(['Bravo deal', 'Charlie offer']);
      expect(res.headers['content-range']).toBe('discounts 1-2/5');
      const select = sql.find((q) => /from "discounts"/.test(q) && !/count\(/.test(q))!;
      expect(select).toMatch(/order by .*"title" asc/i);
      expect(select).toMatch(/limit \? offset \?|limit \d+ offset \d+/i);
      expect(sql.some((q) => /count\(/.test(q))).toBe(true);
    });

    it.each<[string, string, string[]]>([
      ['company name', '["company.name","DESC"]', ['Featuredfirm', 'Betafirm', 'Betafirm', 'Alphafirm', 'Alphafirm']],
      ['validUntil, no expiry last', '["validUntil","ASC"]', ['Alpha 100% match', 'Echo', 'Delta', 'Bravo deal', 'Charlie offer']],
      ['validUntil descending, no expiry still last', '["validUntil","DESC"]', ['Bravo deal', 'Delta', 'Echo', 'Alpha 100% match', 'Charlie offer']],
      // Ties (no percentage) fall back to id in the sort's direction: Echo was created after Charlie.
      ['discountPercentage', '["discountPercentage","DESC"]', ['Alpha 100% match', 'Bravo deal', 'Delta', 'Echo', 'Charlie offer']],
      ['status', '["status","ASC"]', ['Bravo deal', 'Delta', 'Echo', 'Charlie offer', 'Alpha 100% match']],
    ])('sorts by %s', async (_label, sort, expected) => {
      const res = await admin.get(`${ADMIN}?sort=${encodeURIComponent(sort)}`).expect(200);
      const key = sort.includes('company.name') ? (d: AdminDiscountDto) => d.company.name : (d: AdminDiscountDto) => d.title;
      expect(res.body.map(key)).toEqual(expected);
    });

    it.each<[string, Record<string, unknown>, string[]]>([
      ['q in the title', { q: 'bravo' }, ['Bravo deal']],
      ['q in the code', { q: 'delta5' }, ['Delta']],
      ['q in the description', { q: 'weekly' }, ['Charlie offer']],
      ['q in the company name', { q: 'featuredFIRM' }, ['Echo']],
      ['q with LIKE wildcards taken literally', { q: '100%' }, ['Alpha 100% match']],
      ['q with an underscore taken literally', { q: 'refund_' }, ['Alpha 100% match']],
      ['q that matches nothing', { q: 'zzz' }, []],
      ['one status', { status: 'expired' }, ['Alpha 100% match']],
      ['several statuses', { status: ['active', 'coming_soon'] }, ['Echo', 'Delta', 'Charlie offer', 'Bravo deal']],
      ['a company', { companyId: 'BETA' }, ['Delta', 'Charlie offer']],
      ['q, status and company together', { q: 'a', status: 'active', companyId: 'ALPHA' }, ['Bravo deal']],
    ])('filters by %s', async (_label, filter, expected) => {
      const f = JSON.stringify(filter).replace('"BETA"', String(beta.id)).replace('"ALPHA"', String(alpha.id));
      const res = await admin.get(`${ADMIN}?filter=${encodeURIComponent(f)}`).expect(200);
      expect(res.body.map((d: AdminDiscountDto) => d.title)).toEqual(expected);
      expect(res.headers['content-range']).toBe(`discounts 0-${Math.max(expected.length - 1, 0)}/${expected.length}`);
    });

    it('answers getMany (filter id list) and a companyId list', async () => {
      const ids = [all[0]!.id, all[3]!.id];
      const res = await admin.get(`${ADMIN}?filter=${encodeURIComponent(JSON.stringify({ id: ids }))}`).expect(200);
      expect(res.body.map((d: AdminDiscountDto) => d.id).sort()).toEqual([...ids].sort());
      const byCompanies = await admin.get(`${ADMIN}?filter=${encodeURIComponent(JSON.stringify({ companyId: [alpha.id, featured.id] }))}`).expect(200);
      expect(byCompanies.body).toHaveLength(3);
    });

    it.each([
      ['sort', '["clicks; drop table discounts","ASC"]', 'Invalid sort parameter'],
      ['sort', '["title","UP"]', 'Invalid sort parameter'],
      ['range', '[5,1]', 'Invalid range parameter'],
      ['filter', '{"status":"pending"}', 'Invalid filter parameter'],
      ['filter', '{"companyId":"abc"}', 'Invalid filter parameter'],
      ['filter', '{"id":["x"]}', 'Invalid filter parameter'],
      ['filter', 'not json', 'Invalid filter parameter'],
    ])('answers a bad %s (%s) with 400', async (name, value, message) => {
      const res = await admin.get(`${ADMIN}?${name}=${encodeURIComponent(value)}`).expect(400);
      expect(res.body.message).toBe(message);
      expect(await count()).toBe(5);
    });

    it('filters expiringSoon: ends within the next 7 days and has not ended; combines with company and status', async () => {
      const titles = async (filter: object) =>
        (await admin.get(ADMIN).query({ filter: JSON.stringify(filter) }).expect(200)).body.map((d: AdminDiscountDto) => d.title);
      expect(await titles({ expiringSoon: true })).toEqual(['Echo', 'Delta']);
      expect(await titles({ expiringSoon: 'true', companyId: beta.id })).toEqual(['Delta']);
      expect(await titles({ expiringSoon: true, status: 'expired' })).toEqual([]);
      expect(await titles({ expiringSoon: false })).toHaveLength(5);
      expect(await titles({ companyId: '', status: null })).toHaveLength(5);
    });

    it.each(['id', 'title', 'company.name', 'status', 'validUntil', 'clicks', 'discountPercentage', 'createdAt'] as const)(
      'sorts by %s both ways, empty last, ties by id',
      async (field) => {
        await t.sql(`update discounts set clicks = case title when 'Delta' then 9 when 'Alpha 100% match' then 3 else 0 end`);
        for (const order of ['ASC', 'DESC'] as const) {
          const res = await admin.get(ADMIN).query({ sort: JSON.stringify([field, order]), range: '[0,24]' }).expect(200);
          expect(res.body).toHaveLength(5);
          const value = field === 'company.name' ? (d: AdminDiscountDto) => d.company.name : (d: AdminDiscountDto) => d[field];
          expectContractOrder(res.body as AdminDiscountDto[], value, order);
        }
        await t.sql('update discounts set clicks = 0');
      },
    );

    it('shows clicks in each row and pages to the last page', async () => {
      await t.sql(`update discounts set clicks = 4 where title = 'Delta'`);
      const res = await admin.get(ADMIN).query({ sort: '["clicks","DESC"]', range: '[0,0]' }).expect(200);
      expect(res.body.map((d: AdminDiscountDto) => [d.title, d.clicks])).toEqual([['Delta', 4]]);
      const last = await admin.get(ADMIN).query({ sort: '["title","ASC"]', range: '[4,9]' }).expect(200);
      expect(last.body.map((d: AdminDiscountDto) => d.title)).toEqual(['Echo']);
      expect(last.headers['content-range']).toBe('discounts 4-4/5');
      await t.sql('update discounts set clicks = 0');
    });

    it('refuses an unknown filter or a non-boolean expiringSoon with 400 and names it', async () => {
      const unknown = await admin.get(ADMIN).query({ filter: '{"clicks":3}' }).expect(400);
      expect(unknown.body).toMatchObject({ statusCode: 400, message: 'Invalid filter parameter', errors: { filter: MSG.unknownProperties(['clicks']) } });
      const soon = await admin.get(ADMIN).query({ filter: '{"expiringSoon":"soon"}' }).expect(400);
      expect(soon.body.message).toBe('Invalid filter parameter');
    });

    it('PUT /:id with only a status changes the status and nothing else (updateMany)', async () => {
      const d = all.find((x) => x.title === 'Charlie offer')!;
      const res = await admin.put(`${ADMIN}/${d.id}`).send({ status: 'active' }).expect(200);
      expect(res.body).toEqual({ ...d, status: 'active', updatedAt: res.body.updatedAt, version: d.version + 1 });
      await admin.put(`${ADMIN}/${d.id}`).send({ status: 'coming_soon' }).expect(200);
    });

    it('GET /:id answers one discount; unknown is 404, not a number is 400', async () => {
      expect((await admin.get(`${ADMIN}/${all[1]!.id}`).expect(200)).body).toEqual(all[1]);
      expect((await admin.get(`${ADMIN}/999999`).expect(404)).body.message).toBe('Discount not found');
      expect((await admin.get(`${ADMIN}/abc`).expect(400)).body.message).toBe(MSG.idInteger);
    });
  });

  describe('REST face writes: POST, PUT /:id, DELETE /:id', () => {
    beforeEach(() => t.sql('delete from discounts'));

    it('PUT takes the whole record react-admin holds, ignores its read-only fields and updates the rest', async () => {
      const d = await create({ title: 'Before', discountCode: 'OLD', validUntil: '2031-01-01T00:00:00Z' });
      await t.sql('update discounts set clicks = 7 where id = $1', [d.id]);
      const record = { ...d, clicks: 7, title: 'After', discountCode: 'NEW', companyId: beta.id, company: { id: alpha.id, name: 'Alphafirm' } };
      // A read-only field changed on the way is refused by name (issue #34); one that moves on its own (clicks) is not.
      const refused = await admin.put(`${ADMIN}/${d.id}`).send({ ...record, createdAt: '2000-01-01T00:00:00Z' }).expect(400);
      expect(refused.body.message).toBe(MSG.readOnlyChanged(['createdAt']));
      const res = await admin.put(`${ADMIN}/${d.id}`).send({ ...record, clicks: 0 }).expect(200);
      expect(res.body).toMatchObject({ id: d.id, title: 'After', discountCode: 'NEW', companyId: beta.id, company: { id: beta.id, name: 'Betafirm' }, clicks: 7, createdAt: d.createdAt });
      expect(await t.sql('select id, clicks, title from discounts')).toEqual([{ id: d.id, clicks: 7, title: 'After' }]);
    });

    it('PUT validates like update and still rejects unknown properties', async () => {
      const d = await create({ title: 'Before' });
      expect((await admin.put(`${ADMIN}/${d.id}`).send({ ...d, title: '' }).expect(400)).body.message).toBe(MSG.titleRequired);
      expect((await admin.put(`${ADMIN}/${d.id}`).send({ ...d, discountPercentage: 120 }).expect(400)).body.message).toBe(MSG.discountPercentageRange);
      expect((await admin.put(`${ADMIN}/${d.id}`).send({ ...d, companyId: 777 }).expect(400)).body.message).toBe(MSG.companyMissing(777));
      expect((await admin.put(`${ADMIN}/${d.id}`).send({ ...d, hot: true }).expect(400)).body.message).toBe('Unknown property: hot');
      expect((await admin.put(`${ADMIN}/999999`).send({ title: 'X' }).expect(404)).body.message).toBe('Discount not found');
      expect((await admin.get(`${ADMIN}/${d.id}`)).body).toEqual(d);
    });

    it('DELETE /:id removes the discount and answers it', async () => {
      const d = await create({ title: 'Doomed' });
      expect((await admin.delete(`${ADMIN}/${d.id}`).expect(200)).body).toEqual(d);
      expect(await count()).toBe(0);
      expect((await admin.delete(`${ADMIN}/${d.id}`).expect(404)).body.message).toBe('Discount not found');
      expect((await admin.delete(`${ADMIN}/x`).expect(400)).body.message).toBe(MSG.idInteger);
    });
  });

  describe('POST /_api/admin/discounts/bulk (issue #18: select all = every discount of the filter, on the server)', () => {
    it('expires exactly the filter\'s discounts (a company name search), deletes by ids; bad input is a 400 that changes nothing', async () => {
      await t.sql('delete from discounts');
      for (let i = 0; i < 30; i++) await create({ title: `Alpha deal ${i}`, status: 'active', companyId: i < 25 ? alpha.id : beta.id });
      await create({ title: 'Alpha already expired', status: 'expired' });
      const snapshot = async () => (await t.sql<{ title: string; status: string; version: number }>(
        'select title, status, version from discounts order by title')).map((r) => `${r.title}|${r.status}|${r.version}`);
      const before = await snapshot();
      // The filter reaches the company's name: the 25 Alphafirm codes still active, not Betafirm's.
      const filter = { q: 'alphafirm', status: 'active' };
      const res = await admin.post(`${ADMIN}/bulk`).send({ action: 'expire', filter }).expect(200);
      expect(res.body).toEqual({ action: 'expire', count: 25 });
      const after = await snapshot();
      const changed = before.filter((row, i) => row !== after[i]);
      expect(changed).toHaveLength(25);
      const rows = await t.sql<{ title: string; status: string; company_id: number }>('select title, status, company_id from discounts');
      for (const r of rows) expect([r.title, r.status]).toEqual([r.title, r.company_id === alpha.id ? 'expired' : 'active']);
      // The public list follows at once (the ORM's flush dropped the cached answer).
      expect(((await t.http().get(PUBLIC).expect(200)).body as AdminDiscountDto[]).length).toBe(5);
      const [entry] = await t.sql<{ action: string; changes: object }>(`select action, changes from audit_log where resource = 'discounts' order by id desc limit 1`);
      expect(entry).toEqual({ action: 'bulk', changes: { action: [null, 'expire'], filter: [null, filter], count: [null, 25] } });

      for (const body of [{ action: 'explode', filter: {} }, { action: 'expire' }, { action: 'expire', filter: { colour: 'red' } },
        { action: 'expire', filter: { status: 'gone' } }, { action: 'delete', ids: [] }, { action: 'expire', filter: { held: 'maybe' } }]) {
        expect([body, (await admin.post(`${ADMIN}/bulk`).send(body)).status]).toEqual([body, 400]);
      }
      await t.http().post(`${ADMIN}/bulk`).send({ action: 'delete', filter: {} }).expect(401);
      expect(await snapshot()).toEqual(after);

      const betaIds = (await t.sql<{ id: number }>('select id from discounts where company_id = $1', [beta.id])).map((r) => r.id);
      expect((await admin.post(`${ADMIN}/bulk`).send({ action: 'delete', ids: betaIds }).expect(200)).body).toEqual({ action: 'delete', count: 5 });
      expect(await count()).toBe(26);
      await t.sql('delete from discounts');
    });
  });

  describe('GET /_api/admin/discounts/export.csv (issue #18: every row of the filter, streamed)', () => {
    it('exports 1,200 discounts as 1,200 rows, newest first, only the filter\'s, for signed-in staff only', async () => {
      await t.sql('delete from discounts');
      // 1,200 codes, every fourth on Betafirm, every third expired.
      await t.sql(
        `insert into discounts (company_id, title, discount_code, status, discount_percentage)
         select case when g % 4 = 0 then $2::int else $1::int end, 'Deal ' || g, 'CODE' || g,
                case when g % 3 = 0 then 'expired' else 'active' end, 10
         from generate_series(1, 1200) g`,
        [alpha.id, beta.id],
      );
      await t.http().get(`${ADMIN}/export.csv`).expect(401);
      const res = await admin.get(`${ADMIN}/export.csv`).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="discounts_\d{4}-\d\d-\d\d\.csv"$/);
      const lines = res.text.trim().split('\r\n');
      expect(lines[0]).toBe(
        'id,title,company,discount_code,status,discount_percentage,discount_amount,valid_until,affiliate_link,clicks,last_verified_at,success_rate,reports_count,created_at',
      );
      // No field here holds a comma; an empty one is written bare.
      const rows = lines.slice(1).map((l) => l.split(',').map((f) => f.replaceAll('"', '')));
      expect(rows).toHaveLength(1200);
      expect(new Set(rows.map((r) => r[3])).size).toBe(1200);
      // Newest first, as the admin list without a sort; each row as that list answers it.
      expect(rows.map((r) => r[1])).toEqual(Array.from({ length: 1200 }, (_, i) => `Deal ${1200 - i}`));
      expect(rows[0]).toEqual([expect.any(String), 'Deal 1200', 'Betafirm', 'CODE1200', 'expired', '10', '', '', '', '0', '', '', '0', expect.any(String)]);

      // The filter reaches the company's name and the status, as the list's does.
      const filter = encodeURIComponent(JSON.stringify({ q: 'betafirm', status: 'expired' }));
      const listed = await admin.get(`${ADMIN}?range=[0,9]&filter=${filter}`).expect(200);
      expect(listed.headers['content-range']).toBe('discounts 0-9/100');
      expect((await admin.get(`${ADMIN}/export.csv?filter=${filter}`).expect(200)).text.trim().split('\r\n')).toHaveLength(1 + 100);
      // needsCheck is read per batch (a proof-rule fragment): every code has no check, so all 1,200 need one.
      const needs = await admin.get(`${ADMIN}/export.csv?filter=${encodeURIComponent('{"needsCheck":true}')}`).expect(200);
      expect(needs.text.trim().split('\r\n').length).toBeGreaterThan(1 + 500);
      expect(needs.text.trim().split('\r\n')).toHaveLength(1 + (await admin.get(`${ADMIN}?filter=${encodeURIComponent('{"needsCheck":true}')}`)).body.length);
      const bad = await admin.get(`${ADMIN}/export.csv?filter=${encodeURIComponent('{"colour":"red"}')}`).expect(400);
      expect(bad.body).toMatchObject({ statusCode: 400, message: MSG.invalidListParam('filter') });
      await t.sql('delete from discounts');
    });
  });

  describe('GET /_api/discounts (public)', () => {
    let ids: Record<string, number>;
    beforeAll(async () => {
      await t.sql('delete from discounts');
      ids = {};
      const add = async (key: string, body: Record<string, unknown>) => {
        ids[key] = (await create({ title: key, ...body })).id;
      };
      await add('beta-no-expiry', { companyId: beta.id, status: 'active' });
      await add('alpha-in-5-days', { status: 'active', validUntil: inDays(5) });
      await add('featured-in-20-days', { companyId: featured.id, status: 'active', validUntil: inDays(20) });
      await add('beta-coming-in-2-days', { companyId: beta.id, status: 'coming_soon', validUntil: inDays(2) });
      await add('alpha-no-expiry', { status: 'coming_soon' });
      await add('featured-no-expiry', { companyId: featured.id, status: 'active' });
      await add('alpha-in-5-days-twin', { status: 'active', validUntil: inDays(5) });
      // Not for visitors:
      await add('expired-status', { status: 'expired', validUntil: inDays(30) });
      await add('expired-status-no-date', { status: 'expired' });
      await add('active-but-past', { status: 'active', validUntil: inDays(-1) });
      await add('coming-but-past', { companyId: featured.id, status: 'coming_soon', validUntil: new Date(Date.now() - 60_000).toISOString() });
    });

    it('lists what a visitor can act on: featured firm first, then soonest expiry (none last), then id', async () => {
      const res = await t.http().get(PUBLIC).expect(200);
      expect(res.body.map((d: PublicDiscountDto) => d.title)).toEqual([
        'featured-in-20-days',
        'featured-no-expiry',
        'beta-coming-in-2-days',
        'alpha-in-5-days',
        'alpha-in-5-days-twin',
        'beta-no-expiry',
        'alpha-no-expiry',
      ]);
    });

    it('embeds the full public company in each discount, the same object GET /_api/companies answers', async () => {
      const companies: CompanyDto[] = (await t.http().get('/_api/companies').expect(200)).body;
      const res = await t.http().get(PUBLIC).expect(200);
      for (const d of res.body as PublicDiscountDto[]) {
        expect(d.company).toEqual(companies.find((c) => c.id === d.companyId));
      }
      expect(res.body[0]).toEqual({
        id: ids['featured-in-20-days'], companyId: featured.id, company: companies.find((c) => c.id === featured.id),
        title: 'featured-in-20-days', description: null, discountCode: null, affiliateLink: null, status: 'active',
        discountAmount: null, discountPercentage: null, originalPrice: null, discountedPrice: null, termsAndConditions: null,
        validFrom: null, validUntil: expect.any(String), mediaUrl: null, createdAt: expect.any(String), updatedAt: expect.any(String),
        slug: expect.stringMatching(/^[a-z0-9-]+$/),
        lastVerifiedAt: null, lastCheckResult: null, reportsCount: 0, workedCount: 0, failingSince: null,
        eligiblePrograms: [], eligibleSizes: [], minPrice: null, newAccountsOnly: false, appliesToResets: false, stacks: false,
        priceExample: null,
      });
      expect(res.body[0].company).toMatchObject({ name: 'Featuredfirm', featured: true, rating: 4.9, description: 'The #1 choice' });
    });

    it('answers each discount with exactly the fields and values the admin API answers, less the admin-only clicks', async () => {
      await t.sql("update discounts set clicks = 3, discount_percentage = 12.5, discount_amount = 40, valid_from = '2031-01-02' where title = 'alpha-in-5-days'");
      const visible: PublicDiscountDto[] = (await t.http().get(PUBLIC).expect(200)).body;
      // priceExample is the card's price (from the firm's listed sizes), not a stored field.
      for (const { company: _c, priceExample: _p, ...fields } of visible) {
        // successRate is the admin's sort column; the public cards derive the shown rate from the counts.
        // version (issue #20) is the admin's optimistic lock and heldReports (issue #18) the admin's moderation count: not public figures.
        const { company: _a, clicks: _clicks, successRate: _s, heldReports: _h, version: _v, ...adminFields } = (await admin.get(`${ADMIN}/${fields.id}`).expect(200)).body as AdminDiscountDto;
        expect(fields).toEqual(adminFields);
        expect(fields).not.toHaveProperty('clicks');
      }
      expect(visible.find((d) => d.title === 'alpha-in-5-days')).toMatchObject({ discountPercentage: 12.5, discountAmount: 40, validFrom: '2031-01-02' });
      const alpha = visible.find((d) => d.title === 'alpha-in-5-days')!;
      expect((await admin.get(`${ADMIN}/${alpha.id}`).expect(200)).body.clicks).toBe(3);
    });

    it('costs one SQL query for the list, with the company joined in (no N+1), plus its next expiry; none once cached', async () => {
      t.app.get(PublicCacheService).invalidate();
      let body: PublicDiscountDto[] = [];
      const sql = await queriesDuring(t, async () => {
        body = (await t.http().get(PUBLIC).expect(200)).body;
      });
      expect(body.length).toBe(7);
      expect(sql).toHaveLength(3);
      expect(sql[0]).toMatch(/select min\("valid_until"\)/i);
      expect(sql[1]).toMatch(/from "discounts" as "\w+" (inner|left) join "companies" as "\w+" on /i);
      // The listed sizes of every firm on the list at once, for the cards' "Was … now …".
      expect(sql[2]).toMatch(/from firm_program_sizes s join firm_programs p/i);
      expect(await queriesDuring(t, () => t.http().get(PUBLIC).expect(200))).toEqual([]);
    });

    it('reflects admin changes on the next request', async () => {
      await admin.post(`${ADMIN}/update`).send({ id: ids['beta-no-expiry'], status: 'expired' }).expect(200);
      const titles = (await t.http().get(PUBLIC).expect(200)).body.map((d: PublicDiscountDto) => d.title);
      expect(titles).not.toContain('beta-no-expiry');
      await admin.post(`${ADMIN}/update`).send({ id: ids['beta-no-expiry'], status: 'active' }).expect(200);
    });

    it('answers an empty list when there is nothing to show', async () => {
      await t.sql("update discounts set status = 'expired'");
      expect((await t.http().get(PUBLIC).expect(200)).body).toEqual([]);
    });
  });

  describe('GET /go/:discountId', () => {
    let linked: AdminDiscountDto;
    let linkless: AdminDiscountDto;
    beforeAll(async () => {
      await t.sql('delete from discounts');
      linked = await create({ title: 'Linked', affiliateLink: 'https://alphafirm.example/challenges?ref=vtf&utm_source=site' });
      linkless = await create({ title: 'No link' });
    });
    const clicks = async (id: number) => (await t.sql<{ clicks: number }>('select clicks from discounts where id = $1', [id]))[0]!.clicks;

    it('counts the click and redirects 302 to the affiliate link, uncached and not indexed', async () => {
      const before = await clicks(linked.id);
      const res = await t.http().get(`/go/${linked.id}`).set('User-Agent', BROWSER).set('X-Forwarded-For', '198.51.100.10').expect(302);
      expect(res.headers.location).toBe('https://alphafirm.example/challenges?ref=vtf&utm_source=site');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(await clicks(linked.id)).toBe(before + 1);
      expect((await admin.get(`${ADMIN}/${linked.id}`)).body.clicks).toBe(before + 1);
    });

    it('counts one click per network and discount however often they follow it, with any user agent, even all at once', async () => {
      const before = await clicks(linked.id);
      const agent = `${BROWSER} repeat`;
      const from = '198.51.100.11';
      const responses = await Promise.all(Array.from({ length: 25 }, (_, i) =>
        t.http().get(`/go/${linked.id}`).set('User-Agent', `${agent} ${i}`).set('X-Forwarded-For', from)));
      expect(responses.every((r) => r.status === 302 && r.headers.location === linked.affiliateLink)).toBe(true);
      expect(await clicks(linked.id)).toBe(before + 1);
      // The same visitor on another discount is another click.
      await t.sql("update discounts set affiliate_link = 'https://betafirm.example/' where id = $1", [linkless.id]);
      await t.http().get(`/go/${linkless.id}`).set('User-Agent', agent).set('X-Forwarded-For', from).expect(302);
      expect(await clicks(linkless.id)).toBe(1);
      await t.sql('update discounts set affiliate_link = null, clicks = 0 where id = $1', [linkless.id]);
    });

    it('counts every one of many simultaneous visitors (atomic increment in SQL)', async () => {
      const before = await clicks(linked.id);
      const responses = await Promise.all(Array.from({ length: 25 }, (_, i) =>
        t.http().get(`/go/${linked.id}`).set('User-Agent', BROWSER).set('X-Forwarded-For', `198.51.100.${100 + i}`)));
      expect(responses.every((r) => r.status === 302)).toBe(true);
      expect(await clicks(linked.id)).toBe(before + 25);
    });

    it.each([
      ['no user agent', undefined],
      ['a search crawler', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
      ['a link preview', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
      ['a command-line client', 'curl/8.5.0'],
    ])('sends %s on without counting a click', async (_label, agent) => {
      const before = await clicks(linked.id);
      const req = t.http().get(`/go/${linked.id}`).set('X-Forwarded-For', '198.51.100.13');
      const res = await (agent ? req.set('User-Agent', agent) : req).expect(302);
      expect(res.headers.location).toBe(linked.affiliateLink);
      expect(await clicks(linked.id)).toBe(before);
    });

    it.each([
      ['a discount without a link', () => String(linkless.id)],
      ['an unknown discount', () => '987654'],
      ['a non-numeric id', () => 'abc'],
      ['an id with trailing text', () => `${linked.id}abc`],
      ['a negative id', () => '-1'],
      ['an id beyond any integer column', () => '99999999999999999999'],
    ])('sends %s to /discounts', async (_label, id) => {
      const before = await clicks(linked.id);
      const res = await t.http().get(`/go/${id()}`).expect(302);
      expect(res.headers.location).toBe('/discounts');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(await clicks(linked.id)).toBe(before);
      expect(await clicks(linkless.id)).toBe(0);
    });

    it('does not count a HEAD request (link checkers) as a click', async () => {
      const before = await clicks(linked.id);
      const res = await t.http().head(`/go/${linked.id}`).set('User-Agent', `${BROWSER} head`).set('X-Forwarded-For', '198.51.100.14').expect(302);
      expect(res.headers.location).toMatch(/^https:\/\//);
      expect(await clicks(linked.id)).toBe(before);
    });

    it('does not follow a stored link that is not http(s)', async () => {
      await t.sql("update discounts set affiliate_link = 'javascript:alert(1)' where id = $1", [linkless.id]);
      const res = await t.http().get(`/go/${linkless.id}`).expect(302);
      expect(res.headers.location).toBe('/discounts');
      expect(await clicks(linkless.id)).toBe(0);
    });
  });

  describe('deleting a company that still has discounts', () => {
    let firm: CompanyDto;
    beforeEach(async () => {
      await t.sql('delete from discounts');
      firm = await company(`Holdco${Date.now()}`);
    });

    it.each([
      ['SPEC face', (id: number) => admin.post('/_api/admin/companies/delete').send({ id })],
      ['REST face', (id: number) => admin.delete(`/_api/admin/companies/${id}`)],
    ])('is refused on the %s with 409, saying how many and what to do; nothing is deleted', async (_face, del) => {
      for (let i = 0; i < 3; i++) await create({ companyId: firm.id, title: `Offer ${i}` });
      const res = await del(firm.id).expect(409);
      expect(res.body).toMatchObject({ statusCode: 409, message: 'This company still has 3 discounts. Delete or move them first.' });
      expect(await t.sql('select id from companies where id = $1', [firm.id])).toHaveLength(1);
      expect(await count()).toBe(3);
    });

    it('says "1 discount" for one, and deletes the company once its discounts are moved away', async () => {
      const d = await create({ companyId: firm.id, title: 'Only one' });
      const res = await admin.post('/_api/admin/companies/delete').send({ id: firm.id }).expect(409);
      expect(res.body.message).toBe('This company still has 1 discount. Delete or move them first.');
      await admin.post(`${ADMIN}/update`).send({ id: d.id, companyId: beta.id }).expect(200);
      await admin.post('/_api/admin/companies/delete').send({ id: firm.id }).expect(200);
      expect(await t.sql('select id from companies where id = $1', [firm.id])).toHaveLength(0);
      expect(await count()).toBe(1);
    });
  });
});

describe('discounts demo seed', () => {
  beforeAll(async () => {
    await t.sql('delete from discounts');
    await t.sql('delete from companies');
  });
  const fork = () => t.app.get(MikroORM).em.fork() as EntityManager;

  it('runs after companies and fills an empty database with a dozen believable discounts of every status and urgency', async () => {
    await seedDemoContent(fork(), silentLogger);
    const companies = await t.sql<{ id: number; name: string; website_url: string }>('select id, name, website_url from companies');
    expect(companies).toHaveLength(DEMO_COMPANIES.length);
    const admin = await t.signedIn();
    const all: AdminDiscountDto[] = (await admin.get(ADMIN).expect(200)).body;
    expect(all).toHaveLength(DEMO_DISCOUNTS.length);
    expect(all.length).toBeGreaterThanOrEqual(10);
    expect(new Set(all.map((d) => d.status))).toEqual(new Set(DISCOUNT_STATUSES));
    expect(new Set(all.map((d) => d.company.name))).toEqual(new Set(DEMO_COMPANIES.map((c) => c.name)));

    const now = new Date();
    const active = all.filter((d) => d.status === 'active');
    expect(new Set(active.map((d) => discountUrgency(d.validUntil, now)))).toEqual(new Set(['critical', 'warning', 'normal', 'none']));
    expect(all.filter((d) => d.status === 'expired').every((d) => d.validUntil && new Date(d.validUntil) < now)).toBe(true);
    expect(all.filter((d) => d.status === 'coming_soon')).toHaveLength(2);

    for (const d of all) {
      const site = companies.find((c) => c.id === d.companyId)!;
      const link = new URL(d.affiliateLink!);
      expect(link.protocol).toBe('https:');
      expect(link.hostname).toBe(new URL(site.website_url).hostname);
      expect(link.searchParams.get('ref')).toBeTruthy();
      expect(d.termsAndConditions).toBeTruthy();
      if (d.validFrom) expect(d.validFrom).toMatch(/^\d{4}-\d\d-\d\d$/);
    }
    expect(all.filter((d) => d.discountCode).length).toBeGreaterThanOrEqual(9);
    expect(all.every((d) => d.discountPercentage === null || (d.discountPercentage > 0 && d.discountPercentage <= 100))).toBe(true);

    // Visitors see the active and coming-soon ones, expired ones hidden.
    const visible: PublicDiscountDto[] = (await t.http().get(PUBLIC).expect(200)).body;
    expect(visible).toHaveLength(all.filter((d) => d.status !== 'expired').length);
    expect(visible[0]!.company.featured).toBe(true);
  });

  it('seeding again changes nothing', async () => {
    const before = await t.sql('select id, title, valid_until from discounts order by id');
    await seedDemoContent(fork(), silentLogger);
    expect(await t.sql('select id, title, valid_until from discounts order by id')).toEqual(before);
  });

  it('leaves a non-empty discounts table untouched', async () => {
    await t.sql('delete from discounts');
    const [firm] = await t.sql<{ id: number }>('select id from companies limit 1');
    await t.sql("insert into discounts (company_id, title) values ($1, 'Hand-made')", [firm!.id]);
    const em = fork();
    expect(await em.transactional((tx) => seedDiscounts(tx))).toBe(0);
    expect(await t.sql('select title from discounts')).toEqual([{ title: 'Hand-made' }]);
  });

  it('seeds only for the demo firms that exist, and nothing without companies', async () => {
    await t.sql('delete from discounts');
    await t.sql("delete from companies where name <> 'FTMO'");
    expect(await seedDiscounts(fork())).toBe(DEMO_DISCOUNTS.filter((d) => d.firm === 'FTMO').length);
    await t.sql('delete from discounts');
    await t.sql('delete from companies');
    expect(await seedDiscounts(fork())).toBe(0);
    expect(await seedCompanies(fork())).toBe(DEMO_COMPANIES.length);
  });
});
