import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import type TestAgent from 'supertest/lib/agent.js';
import { IMAGE_MAX_BYTES } from '../../common/constants.js';
import { MSG } from '../../common/messages.js';
import { DEMO_COMPANIES, seedCompanies } from '../src/seeders/companies.seed.js';
import { dataUrl, makeFlatImage, makeImage, makePixelBomb } from './support/images.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const UPLOAD = '/_api/admin/media';
const MEDIA_URL = /^\/media\/[0-9a-f]{64}\.webp$/;

describe('media: uploads, image fields and /media files', () => {
  let t: TestApp;
  let admin: TestAgent;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signedIn();
  });
  afterAll(() => t.close());

  /** GET a stored image as bytes, with its headers. */
  async function fetchImage(url: string) {
    const res = await t
      .http()
      .get(url)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    return { res, body: res.body as Buffer, meta: await sharp(res.body as Buffer).metadata() };
  }

  const mediaRows = async () => (await t.sql<{ n: number }>('select count(*)::int as n from media_assets'))[0].n;

  describe('POST /_api/admin/media', () => {
    it('answers 401 without a session, for multipart and JSON alike, and stores nothing', async () => {
      const png = await makeFlatImage(20, 20);
      await t.http().post(UPLOAD).attach('file', png, 'a.png').expect(401);
      await t.http().post(UPLOAD).send({ dataUrl: dataUrl(png) }).expect(401);
      expect(await mediaRows()).toBe(0);
    });

    it.each([
      ['png', 'logo', 3000, 2000, 800, 533],
      ['jpeg', 'discount', 2400, 2400, 800, 800],
      ['webp', 'featured', 1600, 400, 1200, 300],
      ['png', 'default', 2500, 2000, 1350, 1080],
      ['jpeg', undefined, 640, 480, 640, 480],
    ] as const)('takes a multipart %s (kind %s) of %ix%i and serves it as webp of %ix%i', async (format, kind, w, h, ew, eh) => {
      const req = admin.post(UPLOAD).attach('file', await makeFlatImage(w, h, format), `photo.${format}`);
      const res = await (kind ? req.field('kind', kind) : req).expect(201);
      expect(res.body).toEqual({ url: expect.stringMatching(MEDIA_URL), width: ew, height: eh });
      const { res: file, meta } = await fetchImage(res.body.url);
      expect(meta).toMatchObject({ format: 'webp', width: ew, height: eh });
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
    });

    it('takes a JSON data URL and fits it in the kind\'s box', async () => {
      const res = await admin
        .post(UPLOAD)
        .send({ dataUrl: dataUrl(await makeImage(1500, 1000, 'jpeg'), 'image/jpeg'), kind: 'featured' })
        .expect(201);
      expect(res.body).toEqual({ url: expect.stringMatching(MEDIA_URL), width: 1200, height: 800 });
      expect((await fetchImage(res.body.url)).meta).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    });

    it('keeps the same picture once: same hash, one row, whether sent as a file or a data URL', async () => {
      const png = await makeImage(300, 200, 'png', 42);
      const before = await mediaRows();
      const first = await admin.post(UPLOAD).attach('file', png, 'a.png').expect(201);
      const second = await admin.post(UPLOAD).attach('file', png, 'again.png').expect(201);
      const third = await admin.post(UPLOAD).send({ dataUrl: dataUrl(png) }).expect(201);
      expect(second.body.url).toBe(first.body.url);
      expect(third.body.url).toBe(first.body.url);
      expect(await mediaRows()).toBe(before + 1);
      const hash = first.body.url.slice('/media/'.length, -'.webp'.length);
      const [row] = await t.sql<{ byte_size: number; mime_type: string }>(
        'select byte_size, mime_type from media_assets where hash = $1',
        [hash],
      );
      const { body } = await fetchImage(first.body.url);
      expect(row).toEqual({ byte_size: body.length, mime_type: 'image/webp' });
    });

    it.each([
      ['a gif', () => makeFlatImage(40, 40, 'gif'), 'anim.gif', 'image/gif'],
      ['an SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'), 'x.svg', 'image/svg+xml'],
      ['a text file renamed .png', async () => Buffer.from('not a picture at all'), 'photo.png', 'image/png'],
    ])('refuses %s with SPEC\'s message on the file field', async (_label, make, filename, contentType) => {
      const before = await mediaRows();
      const res = await admin.post(UPLOAD).attach('file', await make(), { filename, contentType }).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        error: MSG.uploadInvalidType,
        message: MSG.uploadInvalidType,
        errors: { file: MSG.uploadInvalidType },
      });
      expect(await mediaRows()).toBe(before);
    });

    it('refuses a data URL that claims image/png but holds text, and one that is not an image at all', async () => {
      for (const value of [dataUrl(Buffer.from('hello'), 'image/png'), 'data:text/plain,hello', 'https://example.com/a.png']) {
        const res = await admin.post(UPLOAD).send({ dataUrl: value }).expect(400);
        expect(res.body).toMatchObject({ error: MSG.uploadInvalidType, errors: { dataUrl: MSG.uploadInvalidType } });
      }
    });

    it('refuses more than 5 MB with SPEC\'s message, as a file or as a data URL', async () => {
      const png = await makeFlatImage(10, 10);
      const file = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]);
      const res = await admin.post(UPLOAD).attach('file', file, 'big.png').expect(400);
      expect(res.body).toMatchObject({ error: MSG.uploadTooLarge, errors: { file: MSG.uploadTooLarge } });
      const justOver = Buffer.concat([png, Buffer.alloc(IMAGE_MAX_BYTES + 1 - png.length)]);
      const json = await admin.post(UPLOAD).send({ dataUrl: dataUrl(justOver) }).expect(400);
      expect(json.body).toMatchObject({ error: MSG.uploadTooLarge, errors: { dataUrl: MSG.uploadTooLarge } });
    });

    it('takes a picture of exactly 5 MB', async () => {
      const noisy = await makeImage(1100, 1100, 'png', 7);
      expect(noisy.length).toBeGreaterThan(3 * 1024 * 1024);
      expect(noisy.length).toBeLessThanOrEqual(IMAGE_MAX_BYTES);
      // Bytes after IEND are ignored by decoders: pad to the limit exactly.
      const exact = Buffer.concat([noisy, Buffer.alloc(IMAGE_MAX_BYTES - noisy.length)]);
      await admin.post(UPLOAD).attach('file', exact, 'exact.png').expect(201);
    });

    it('refuses two files with "Please upload only one image."', async () => {
      const png = await makeFlatImage(20, 20);
      const res = await admin.post(UPLOAD).attach('file', png, 'a.png').attach('file', png, 'b.png').expect(400);
      expect(res.body).toMatchObject({ error: MSG.uploadOneImage, errors: { file: MSG.uploadOneImage } });
      const mixed = await admin
        .post(UPLOAD)
        .attach('file', png, 'a.png')
        .field('dataUrl', dataUrl(png))
        .expect(400);
      expect(mixed.body.error).toBe(MSG.uploadOneImage);
    });

    it('asks for a picture when none is sent, and names a file field it does not know', async () => {
      expect((await admin.post(UPLOAD).send({}).expect(400)).body).toMatchObject({ error: MSG.uploadMissing });
      expect((await admin.post(UPLOAD).field('kind', 'logo').expect(400)).body).toMatchObject({ error: MSG.uploadMissing });
      const wrong = await admin.post(UPLOAD).attach('image', await makeFlatImage(5, 5), 'a.png').expect(400);
      expect(wrong.body.error).toBe(MSG.unknownProperties(['image']));
    });

    it('refuses an unknown kind', async () => {
      const png = await makeFlatImage(5, 5);
      const res = await admin.post(UPLOAD).attach('file', png, 'a.png').field('kind', 'banner').expect(400);
      expect(res.body).toMatchObject({ error: MSG.uploadKind, errors: { kind: MSG.uploadKind } });
      await admin.post(UPLOAD).send({ dataUrl: dataUrl(png), kind: 'huge' }).expect(400);
    });

    it('answers a 20000x20000 picture (a decompression bomb of 50 KB) with 400, not 500, and stays up', async () => {
      const bomb = makePixelBomb(20000, 20000);
      expect(bomb.length).toBeLessThan(100_000);
      expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(20000);
      const res = await admin.post(UPLOAD).attach('file', bomb, 'bomb.png').expect(400);
      expect(res.body).toMatchObject({ error: MSG.uploadTooManyPixels(40), errors: { file: MSG.uploadTooManyPixels(40) } });
      await admin.post(UPLOAD).send({ dataUrl: dataUrl(bomb) }).expect(400);
      await t.http().get('/_api/health').expect(200);
    });

    it('answers a truncated or corrupt picture with "Failed to load image for processing."', async () => {
      const jpeg = await makeImage(400, 300, 'jpeg');
      const res = await admin.post(UPLOAD).attach('file', jpeg.subarray(0, jpeg.length / 2), 'cut.jpg').expect(400);
      expect(res.body).toMatchObject({ error: MSG.uploadLoadFailed, errors: { file: MSG.uploadLoadFailed } });
    });
  });

  describe('GET /media/:file', () => {
    let url: string;
    beforeAll(async () => {
      url = (await admin.post(UPLOAD).attach('file', await makeImage(64, 64, 'png', 3), 'a.png').expect(201)).body.url;
    });

    it('sends an ETag (the hash) and answers 304 to If-None-Match, also in a list or as a weak tag', async () => {
      const { res } = await fetchImage(url);
      const hash = url.slice('/media/'.length, -'.webp'.length);
      expect(res.headers.etag).toBe(`"${hash}"`);
      for (const header of [`"${hash}"`, `"other", W/"${hash}"`]) {
        const again = await t.http().get(url).set('If-None-Match', header).expect(304);
        expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(again.headers.etag).toBe(`"${hash}"`);
      }
      await t.http().get(url).set('If-None-Match', '"something-else"').expect(200);
    });

    it('needs no session', async () => {
      await t.http().get(url).expect(200);
    });

    it.each([
      `/media/${'0'.repeat(64)}.webp`,
      '/media/logo.webp',
      `/media/${'A'.repeat(64)}.webp`,
      '/media/x.png',
      '/media/a/b.webp',
      '/media',
    ])('answers %s with a JSON 404', async (path) => {
      const res = await t.http().get(path).expect(404);
      expect(res.body).toMatchObject({ statusCode: 404, error: MSG.notFound('Image') });
    });
  });

  describe('image fields: a company logo', () => {
    it('turns a data: logo into /media/<hash>.webp that serves the image, cached for good', async () => {
      const logo = dataUrl(await makeImage(1600, 1200, 'jpeg', 9), 'image/jpeg');
      const res = await admin.post('/_api/admin/companies').send({ name: 'Logo Firm', logoUrl: logo }).expect(201);
      expect(res.body.logoUrl).toMatch(MEDIA_URL);
      const { res: file, meta } = await fetchImage(res.body.logoUrl);
      expect(meta).toMatchObject({ format: 'webp', width: 800, height: 600 });
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      await t.http().get(res.body.logoUrl).set('If-None-Match', file.headers.etag).expect(304);
      const [row] = await t.sql<{ logo_url: string }>('select logo_url from companies where id = $1', [res.body.id]);
      expect(row.logo_url).toBe(res.body.logoUrl);
      const listed = await t.http().get('/_api/companies').expect(200);
      expect(listed.body.find((c: { id: number }) => c.id === res.body.id).logoUrl).toBe(res.body.logoUrl);
    });

    it('keeps a URL or a /media path as it is, and changes the logo only when the update names it', async () => {
      const created = await admin
        .post('/_api/admin/companies')
        .send({ name: 'URL Firm', logoUrl: 'https://cdn.example.com/logo.png' })
        .expect(201);
      expect(created.body.logoUrl).toBe('https://cdn.example.com/logo.png');
      const id = created.body.id;

      const renamed = await admin.post('/_api/admin/companies/update').send({ id, name: 'URL Firm 2' }).expect(200);
      expect(renamed.body.logoUrl).toBe('https://cdn.example.com/logo.png');

      const uploaded = await admin
        .post('/_api/admin/companies/update')
        .send({ id, logoUrl: dataUrl(await makeFlatImage(100, 50, 'webp'), 'image/webp') })
        .expect(200);
      expect(uploaded.body.logoUrl).toMatch(MEDIA_URL);

      // react-admin's PUT sends the whole record back, /media path included.
      const put = await admin.put(`/_api/admin/companies/${id}`).send(uploaded.body).expect(200);
      expect(put.body.logoUrl).toBe(uploaded.body.logoUrl);

      const viaPut = await admin
        .put(`/_api/admin/companies/${id}`)
        .send({ ...put.body, logoUrl: dataUrl(await makeFlatImage(30, 30, 'jpeg'), 'image/jpeg') })
        .expect(200);
      expect(viaPut.body.logoUrl).toMatch(MEDIA_URL);
      expect(viaPut.body.logoUrl).not.toBe(uploaded.body.logoUrl);

      const cleared = await admin.post('/_api/admin/companies/update').send({ id, logoUrl: null }).expect(200);
      expect(cleared.body.logoUrl).toBeNull();
    });

    it("gives a firm's logo box the logo's own background colour, whoever sets the logo", async () => {
      // #0099ff, re-encoded as lossy webp: within a few steps of it.
      const nearBlue = (hex: string | null) => {
        const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex!.slice(i, i + 2), 16));
        return Math.abs(r - 0x00) <= 4 && Math.abs(g - 0x99) <= 4 && Math.abs(b - 0xff) <= 4;
      };
      const created = await admin.post('/_api/admin/companies').send({ name: 'Blue Box', logoUrl: dataUrl(await makeFlatImage(60, 60)) }).expect(201);
      expect([created.body.logoBackground, nearBlue(created.body.logoBackground)]).toEqual([created.body.logoBackground, true]);
      const listed = await t.http().get('/_api/companies').expect(200);
      expect(listed.body.find((c: { id: number }) => c.id === created.body.id).logoBackground).toBe(created.body.logoBackground);

      // Set by raw SQL, as seeds and scripts may: PostgreSQL keeps the colour with the picture.
      const other = await admin.post('/_api/admin/companies').send({ name: 'Raw Box' }).expect(201);
      expect(other.body.logoBackground).toBeNull();
      await t.sql('update companies set logo_url = $1 where id = $2', [created.body.logoUrl, other.body.id]);
      expect((await admin.get(`/_api/admin/companies/${other.body.id}`).expect(200)).body.logoBackground).toBe(created.body.logoBackground);

      // A picture elsewhere has no known colour; no logo has none; the field cannot be written.
      const external = await admin.post('/_api/admin/companies/update').send({ id: other.body.id, logoUrl: 'https://cdn.example.com/l.png' }).expect(200);
      expect(external.body.logoBackground).toBeNull();
      // The background is the server's to set: a client's own is refused by name, the one it was served goes back.
      const refused = await admin.put(`/_api/admin/companies/${created.body.id}`).send({ ...created.body, logoBackground: '#000000' }).expect(400);
      expect(refused.body.message).toBe(MSG.readOnlyChanged(['logoBackground']));
      const put = await admin.put(`/_api/admin/companies/${created.body.id}`).send(created.body).expect(200);
      expect(put.body.logoBackground).toBe(created.body.logoBackground);
      const cleared = await admin.post('/_api/admin/companies/update').send({ id: created.body.id, logoUrl: null }).expect(200);
      expect(cleared.body.logoBackground).toBeNull();
    });

    it('puts an image error on the logoUrl field and saves nothing', async () => {
      const before = await t.sql('select count(*)::int as n from companies');
      for (const [logoUrl, message] of [
        [dataUrl(Buffer.from('GIF89a not really'), 'image/png'), MSG.uploadInvalidType],
        ['data:text/html,<script>alert(1)</script>', MSG.uploadInvalidType],
        [dataUrl(makePixelBomb(9000, 9000)), MSG.uploadTooManyPixels(40)],
      ]) {
        const res = await admin.post('/_api/admin/companies').send({ name: 'Bad Logo', logoUrl }).expect(400);
        expect(res.body).toEqual({ statusCode: 400, error: message, message, errors: { logoUrl: message } });
      }
      expect(await t.sql('select count(*)::int as n from companies')).toEqual(before);

      const { body } = await admin.post('/_api/admin/companies').send({ name: 'Kept Logo', logoUrl: 'https://a.example/l.png' });
      const res = await admin
        .post('/_api/admin/companies/update')
        .send({ id: body.id, logoUrl: dataUrl(await makeFlatImage(10, 10, 'gif'), 'image/gif') })
        .expect(400);
      expect(res.body.errors).toEqual({ logoUrl: MSG.uploadInvalidType });
      expect((await admin.get(`/_api/admin/companies/${body.id}`).expect(200)).body.logoUrl).toBe('https://a.example/l.png');
    });
  });

  describe('demo content', () => {
    it('seeds the 8 firms with generated logos that are served from /media', async () => {
      await t.sql('delete from companies');
      const em = t.app.get(MikroORM).em.fork() as EntityManager;
      await em.transactional((tx) => seedCompanies(tx));
      const rows = await t.sql<{ name: string; logo_url: string }>('select name, logo_url from companies order by id');
      expect(rows.map((r) => r.name)).toEqual(DEMO_COMPANIES.map((c) => c.name));
      expect(new Set(rows.map((r) => r.logo_url)).size).toBe(8);
      for (const row of rows) {
        expect(row.logo_url).toMatch(MEDIA_URL);
        expect((await fetchImage(row.logo_url)).meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
      }
    });
  });
});
