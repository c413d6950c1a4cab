/**
 * Property-based fuzzing of the real app: every POST/PUT/PATCH/DELETE and every GET under /_api, found in
 * Express's route table (so a new route is fuzzed without touching this file), gets random, hostile and
 * deeply nested input. Whatever arrives: never a 5xx, every error in the one shape, and nothing written on a 4xx.
 * CI runs a fixed seed and a bounded count; `npm run fuzz` runs 10,000 (FUZZ_RUNS, FUZZ_SEED override).
 */
import fc from 'fast-check';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { Response, Test } from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 500);
const WRITES = new Set(['post', 'put', 'patch', 'delete']);
/** Tables a request may change; counters and sessions change on a refused sign-in by design. */
const CONTENT_TABLES = ['companies', 'discounts', 'blog_posts', 'newsletter_subscribers', 'media_assets', 'users'];

interface Route { method: string; path: string }
interface RouteLayer { route?: { path: string; methods: Record<string, boolean> } }

function apiRoutes(t: TestApp): Route[] {
  const express = t.app.getHttpAdapter().getInstance() as { router?: { stack: RouteLayer[] }; _router?: { stack: RouteLayer[] } };
  return (express.router ?? express._router)!.stack
    .filter((l) => l.route && l.route.path.toLowerCase().startsWith('/_api'))
    .flatMap((l) => Object.keys(l.route!.methods).filter((m) => m !== '_all').map((method) => ({ method, path: l.route!.path })));
}

// ---- what a hostile client sends -------------------------------------------------------------------------------

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '', ' ', '\u0000', 'a\u0000b', '\ud800', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', "' or 1=1 --",
    '1e-7', '1e20', 'NaN', 'Infinity', '-1', '0x10', '2026-02-30', '2026-13-45T99:99:99Z', '9999-12-31T23:59:59Z',
    '../../etc/passwd', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'data:text/html;base64,PHNjcmlwdD4=',
    'https://example.com/' + 'a'.repeat(3000), 'x'.repeat(70_000), 'admin@test.example', 'ASC', 'DESC', 'active',
  ),
);
const hostileNumber = fc.oneof(
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  // Edges: exponent forms (1e-7 once crashed class-validator), steps, bounds, beyond-safe integers.
  { weight: 3, arbitrary: fc.constantFrom(1e-7, 5e-324, 1.5e-10, -0, 0.1, 4.95, 5.05, 1e308, -1e308, 2 ** 31, 2 ** 53, 2 ** 63, 1e20, -1, 0, 100.000001, 99_999_999.995) },
);
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));

type FieldType = 'number' | 'integer' | 'string' | 'boolean' | 'other';
/** A route's body fields and their types, from the OpenAPI document (`/_api/x/{id}` there is `/_api/x/:id` here). */
type RouteFields = Map<string, Record<string, FieldType>>;

function routeFields(docs: OpenApi): RouteFields {
  const fields: RouteFields = new Map();
  for (const [path, ops] of Object.entries(docs.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const ref = op.requestBody?.content?.['application/json']?.schema?.$ref;
      const schema = ref ? docs.components.schemas[ref.split('/').pop()!] : undefined;
      if (!schema?.properties) continue;
      fields.set(`${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`, Object.fromEntries(
        Object.entries(schema.properties).map(([name, p]) => [name, fieldType(p)]),
      ));
    }
  }
  return fields;
}

function fieldType(p: { type?: string; minimum?: number; maximum?: number }): FieldType {
  if (p.type && ['number', 'integer', 'string', 'boolean'].includes(p.type)) return p.type as FieldType;
  // A nullable number (`number | null` in TypeScript) reaches the document without a type, but with its bounds.
  return p.minimum !== undefined || p.maximum !== undefined ? 'number' : 'other';
}

/** Hostile values of the type each field expects: what gets past the first type check and probes the next rule. */
function typedBody(fields: Record<string, FieldType>) {
  const typed: Record<FieldType, fc.Arbitrary<unknown>> = {
    number: fc.oneof({ weight: 4, arbitrary: hostileNumber }, { weight: 1, arbitrary: leaf }),
    integer: fc.oneof({ weight: 4, arbitrary: hostileNumber }, { weight: 1, arbitrary: leaf }),
    string: fc.oneof({ weight: 4, arbitrary: hostileString }, { weight: 1, arbitrary: leaf }),
    boolean: fc.oneof(fc.boolean(), leaf),
    other: fc.oneof(hostileNumber, hostileString, leaf),
  };
  return fc.record(Object.fromEntries(Object.entries(fields).map(([name, type]) => [name, typed[type]])), { requiredKeys: [] })
    .map((v) => JSON.stringify(v));
}

interface OpenApi {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }>>;
  components: { schemas: Record<string, { properties?: Record<string, { type?: string; minimum?: number; maximum?: number }> }> };
}

/** The field names of every DTO (from the OpenAPI document) plus names that poke at prototypes. */
function bodies(fieldNames: string[]) {
  const key = fc.oneof(fc.constantFrom(...fieldNames), fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', ''), fc.string({ maxLength: 8 }));
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(key, tie('value'), { maxKeys: 4 })),
  }));
  const dto = fc.dictionary(key, value, { maxKeys: 10 });
  const deep = fc.tuple(fc.integer({ min: 30, max: 6000 }), fc.constantFrom('[', '{"a":')).map(([n, open]) =>
    open.repeat(n) + (open === '[' ? '' : '1') + (open === '[' ? ']' : '}').repeat(n),
  );
  const json = fc.oneof(
    { weight: 6, arbitrary: dto.map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: deep },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
    { weight: 1, arbitrary: fc.constantFrom('', 'null', '[]', '{}', '"x"', '1', '{"a":1,}', '{"a":"\\ud800"}', '\uFEFF{}', '{"__proto__":{"role":"admin"}}') },
  );
  const encoding = fc.oneof({ weight: 6, arbitrary: fc.constant('identity') }, { weight: 1, arbitrary: fc.constantFrom('gzip', 'deflate', 'br', 'broken-gzip', 'compress') });
  const encode = (text: fc.Arbitrary<string>) => fc.tuple(text, encoding)
    .map(([text, encoding]): { body: Buffer; encoding?: string } => {
      const raw = Buffer.from(text);
      switch (encoding) {
        case 'gzip': return { body: gzipSync(raw), encoding };
        case 'deflate': return { body: deflateSync(raw), encoding };
        case 'br': return { body: brotliCompressSync(raw), encoding };
        case 'broken-gzip': return { body: Buffer.concat([gzipSync(raw).subarray(0, 12), raw]), encoding: 'gzip' };
        case 'compress': return { body: raw, encoding };
        default: return { body: raw };
      }
    });
  const encoded = encode(json);
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: fc.constantFrom('application/json; charset=utf-8', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'text/plain', 'application/x-www-form-urlencoded', undefined) },
  );
  const multipart = fc.record({
    files: fc.array(fc.tuple(fc.constantFrom('file', 'image', 'x'), fc.uint8Array({ maxLength: 2048 }), fc.constantFrom('a.png', 'a.jpg', 'a.svg', '../a', '')), { maxLength: 3 }),
    fields: fc.dictionary(fc.constantFrom('alt', 'name', 'folder', 'x'), fc.string({ maxLength: 20 }), { maxKeys: 3 }),
  });
  return { encoded, encode, contentType, multipart };
}

const listValue = fc.oneof(
  leaf.map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '{}', '1', 'true', 'null', '[]', '[1e20,1e20]', '[0,24]', '[0,1e15]', '[-1,2]', '[5,1]', '[0.5,3]', '["0","9"]', '[0,9,9]',
    '["id","ASC"]', '["name","DESC"]', '["createdAt","ASC"]', '["x","ASC"]', '["id"]', '[["id"],"ASC"]', '{"q":"a"}',
    '{"q":{}}', '{"q":["a"]}', '{"id":[1,2]}', '{"id":"abc"}', '{"id":[1e20]}', '{"id":{}}', '{"status":"x"}', '{"status":["active"]}',
    '{"companyId":"x"}', '{"companyId":-1}', '{"category":{}}', '{"published":"maybe"}', '{"__proto__":{"x":1}}', '[', '%',
  ),
);
const query = fc.dictionary(
  fc.constantFrom('sort', 'range', 'filter', 'sort', 'range', 'filter', 'q', 'status', 'slug', 'page', 'limit', 'id', 'x'),
  fc.oneof({ weight: 5, arbitrary: listValue }, { weight: 1, arbitrary: fc.array(listValue, { minLength: 2, maxLength: 3 }) }),
  { maxKeys: 4 },
).map((params) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const item of Array.isArray(v) ? v : [v]) search.append(k, item);
  return search.toString();
});
const pathParam = fc.oneof(fc.constantFrom('1', '2', '0', '-1', '1e20', '9007199254740993', 'abc', '%00', '1.5', ' 1', 'null', 'x'.repeat(300)), fc.nat().map(String));

// ---- the properties --------------------------------------------------------------------------------------------

function expectOneErrorShape(res: Response, what: string): void {
  const body = res.body as Record<string, unknown>;
  const shape = {
    status: res.status,
    json: /application\/json/.test(String(res.headers['content-type'])),
    statusCode: body?.statusCode,
    message: typeof body?.message,
    errorIsMessage: body?.error === body?.message,
    extraKeys: Object.keys(body ?? {}).filter((k) => !['statusCode', 'error', 'message', 'errors'].includes(k)),
  };
  expect({ what, ...shape }).toEqual({ what, status: res.status, json: true, statusCode: res.status, message: 'string', errorIsMessage: true, extraKeys: [] });
}

describe('fuzz: hostile input never yields a 5xx, always the one error shape, and writes nothing on a 4xx', () => {
  let t: TestApp;
  let admin: TestAgent;
  let routes: Route[];
  let fieldNames: string[];
  let fieldsByRoute: RouteFields;
  beforeAll(async () => {
    t = await startTestApp({ apiDocs: true });
    admin = await t.signedIn();
    routes = apiRoutes(t);
    const docs = (await t.http().get('/_api/docs-json').expect(200)).body as OpenApi;
    fieldNames = [...new Set(Object.values(docs.components.schemas).flatMap((s) => Object.keys(s.properties ?? {})))];
    fieldsByRoute = routeFields(docs);
  });
  afterAll(() => t.close());

  const fingerprint = async () =>
    (await t.sql<{ f: string }>(`select concat_ws(',', ${CONTENT_TABLES.map((table) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${table} x)`).join(', ')}) as f`))[0].f;

  async function send(route: Route, input: { path: string; anonymous: boolean; query: string; body?: { body: Buffer; encoding?: string }; contentType?: string; multipart?: { files: [string, Uint8Array, string][]; fields: Record<string, string> } }) {
    // Signing out would leave the rest of the run anonymous.
    const client = input.anonymous || /logout/i.test(route.path) ? t.http() : admin;
    const url = input.path + (input.query ? `?${input.query}` : '');
    let req = (client as unknown as Record<string, (u: string) => Test>)[route.method](url);
    if (input.multipart) {
      for (const [name, bytes, file] of input.multipart.files) req = req.attach(name, Buffer.from(bytes), file || 'blob');
      for (const [k, v] of Object.entries(input.multipart.fields)) req = req.field(k, v);
      return req;
    }
    if (input.body) {
      if (input.contentType) req = req.set('Content-Type', input.contentType);
      if (input.body.encoding) req = req.set('Content-Encoding', input.body.encoding);
      // The bytes as generated: superagent would otherwise JSON-encode a Buffer ({"type":"Buffer",...}).
      return req.serialize((bytes: unknown) => bytes as string).send(input.body.body);
    }
    return req;
  }

  it('finds the routes to fuzz in the route table, and their body fields in the OpenAPI document', () => {
    expect(fieldsByRoute.get('post /_api/admin/companies')).toMatchObject({ name: 'string', rating: 'number' });
    expect(routes.filter((r) => WRITES.has(r.method)).length).toBeGreaterThanOrEqual(15);
    expect(routes).toContainEqual({ method: 'post', path: '/_api/newsletter/subscribe' });
    expect(routes).toContainEqual({ method: 'get', path: '/_api/admin/companies' });
  });

  it(`survives ${RUNS} hostile requests (seed ${SEED})`, async () => {
    const { encoded, encode, contentType, multipart } = bodies(fieldNames);
    const request = fc.constantFrom(...routes).chain((route) => {
      const fields = fieldsByRoute.get(`${route.method} ${route.path}`);
      return fc.record({
        route: fc.constant(route),
        anonymous: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }), // mostly as the admin
        params: fc.array(pathParam, { minLength: 3, maxLength: 3 }),
        query,
        // Mostly the route's own fields with hostile values of their types; otherwise anything.
        body: fields ? fc.oneof({ weight: 3, arbitrary: encode(typedBody(fields)) }, { weight: 2, arbitrary: encoded }) : encoded,
        contentType,
        multipart: fc.option(multipart, { freq: 4 }),
      });
    });
    let before = await fingerprint();
    const statuses = new Map<number, number>();
    let count = 0;
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        // Rate limits would soon answer 429 before validation is reached: start them over now and then.
        if (++count % 10 === 0) await t.sql('delete from rate_limits');
        let i = 0;
        const path = r.route.path.replace(/:\w+/g, () => encodeURIComponent(r.params[i++]));
        const isUpload = r.route.path.toLowerCase().startsWith('/_api/admin/media') && r.multipart !== null;
        const res = await send(r.route, {
          path,
          anonymous: r.anonymous,
          query: WRITES.has(r.route.method) ? '' : r.query,
          body: WRITES.has(r.route.method) && !isUpload ? r.body : undefined,
          contentType: r.contentType,
          multipart: isUpload ? r.multipart! : undefined,
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const what = `${r.route.method.toUpperCase()} ${path}`;
        expect({ what, serverError: res.status >= 500 }).toEqual({ what, serverError: false });
        if (res.status >= 400) {
          expectOneErrorShape(res, what);
          expect({ what, unchanged: (await fingerprint()) === before }).toEqual({ what, unchanged: true });
        } else if (WRITES.has(r.route.method)) {
          before = await fingerprint();
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // The run reached past the guards and the parsers, not only their refusals.
    expect([...statuses.keys()].some((s) => s < 300)).toBe(true);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(RUNS / 10);
    if (process.env.FUZZ_REPORT) {
      console.log(`${count} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; by status: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    }
  }, RUNS * 250 + 60_000);
});
