import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { exactBytes, writeAnswer, type Writable } from './answer-writer.js';
import { strongEtag } from './http-negotiation.js';

/** A real HTTP server answering every request with writeAnswer(current answer). */
let server: Server;
let answer: Writable;
let stack: Record<string, string> | undefined;
let gzipped = 0;

const writable = (text: string): Writable => {
  const body = Buffer.from(text);
  return { status: 200, body, contentType: 'text/plain; charset=utf-8', etag: strongEtag(body) };
};

function get(headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ port, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  server = createServer((req, res) => writeAnswer(req, res, answer, stack, () => gzipped++));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => {
  gzipped = 0;
  stack = undefined;
});

describe('writeAnswer', () => {
  it('sends the body as it is with its strong ETag, type, length and the recorded headers', async () => {
    answer = writable('small body');
    stack = { 'x-frame-options': 'SAMEORIGIN' };
    const res = await get({ 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('small body');
    expect(res.headers).toMatchObject({
      etag: answer.etag, 'content-type': 'text/plain; charset=utf-8', 'content-length': '10', vary: 'Accept-Encoding', 'x-frame-options': 'SAMEORIGIN',
    });
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('gzips a body of 1 KB or more for a client that accepts it, once, under a tag of its own', async () => {
    answer = writable('Save on every challenge. '.repeat(100));
    const first = await get({ 'accept-encoding': 'gzip, deflate' });
    const second = await get({ 'accept-encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(first.body).equals(answer.body)).toBe(true);
    expect(second.body.equals(first.body)).toBe(true);
    expect(first.headers.etag).toBe(`${answer.etag.slice(0, -1)}-gz"`);
    expect(gzipped).toBe(1);
    const identity = await get({ 'accept-encoding': 'identity' });
    expect(identity.body.equals(answer.body)).toBe(true);
    expect(identity.headers.etag).toBe(answer.etag);
  });

  it('keeps a gzip form that holds only its own bytes, not the 16 KB block zlib wrote it into', async () => {
    answer = writable('Save on every challenge. '.repeat(100));
    await get({ 'accept-encoding': 'gzip' });
    expect(answer.gzip!.length).toBeLessThan(1024);
    expect(answer.gzip!.buffer.byteLength).toBe(answer.gzip!.length);
  });

  it('answers 304 without a body to either tag, and HEAD with the head only', async () => {
    answer = writable('Save on every challenge. '.repeat(100));
    const gz = `${answer.etag.slice(0, -1)}-gz"`;
    for (const inm of [answer.etag, gz, `W/${answer.etag}`]) {
      const res = await get({ 'if-none-match': inm, 'accept-encoding': 'gzip' });
      expect([res.status, res.body.length, res.headers.etag]).toEqual([304, 0, gz]);
    }
    expect((await get({ 'if-none-match': '"other"' })).status).toBe(200);
    const head = await get({}, 'HEAD');
    expect([head.status, head.body.length, head.headers['content-length']]).toEqual([200, 0, String(answer.body.length)]);
  });

  it('keeps the finished head on the answer when given recorded headers, and reuses it', async () => {
    answer = writable('reused head');
    stack = { 'x-first': 'yes' };
    await get();
    expect(answer.heads?.identity).toMatchObject({ 'x-first': 'yes', ETag: answer.etag });
    stack = { 'x-second': 'yes' };
    expect((await get()).headers['x-first']).toBe('yes');
  });
});

describe('exactBytes', () => {
  it('copies a view of a larger block into storage of its own length, with the same bytes', () => {
    const view = Buffer.from('a small JSON answer'); // a slice of Buffer's shared 8 KB pool
    expect(view.buffer.byteLength).toBeGreaterThan(view.length);
    const own = exactBytes(view);
    expect(own.equals(view)).toBe(true);
    expect(own.buffer.byteLength).toBe(own.length);
  });

  it('returns a buffer that already owns its storage as it is', () => {
    const whole = Buffer.alloc(10_000, 'x');
    expect(exactBytes(whole)).toBe(whole);
  });
});
