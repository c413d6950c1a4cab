/**
 * The one harness for starting the app, shared by the API suites (backend/test/support/test-app.ts, which build the
 * app in-process), the browser journeys (e2e/support/site.ts) and the benches (bench/support.mjs), which start it
 * as a process: a scratch database, a free port, waiting for health, and the admin sign-in over the API. Plain
 * JavaScript, so the benches run it without a TypeScript loader.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';

/**
 * A new, empty database on the PostgreSQL server `adminUrl` connects to (a superuser's URL): its URL, and `drop()`,
 * which removes it even while connections remain.
 */
export async function createScratchDatabase(adminUrl, prefix) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** A port free right now on 127.0.0.1 (someone may take it before it is bound: callers retry on EADDRINUSE). */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

/**
 * Waits until `GET /_api/health` answers 200. `exited()` says whether the process has already ended (then its
 * `output()` is the error), `onTimeout` ends it when it never becomes healthy.
 */
export async function waitForHealth(baseUrl, { exited, output, onTimeout, timeoutMs = 60_000 }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const code = exited();
    if (code !== null && code !== undefined) throw new Error(`The site exited (${code}):\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/_api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  onTimeout?.();
  throw new Error(`The site did not become healthy in ${timeoutMs / 1000} s:\n${output()}`);
}

/** The one admin sign-in over the API: the `Cookie` header of the session (throws unless the sign-in answered 200). */
export async function signInAdmin(baseUrl, credentials) {
  const res = await fetch(`${baseUrl}/_api/auth/login_with_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/**
 * A trader's sign-in as they do it (issue #17): asks for the email link, reads it from the admin's Outbox (the site
 * runs without SMTP_URL) with `adminCookie`, opens it, presses Continue and returns the `Cookie` header of the new session.
 */
export async function signInTraderByEmail(baseUrl, email, adminCookie, timeoutMs = 20_000) {
  const asked = await fetch(`${baseUrl}/_api/auth/email-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (asked.status !== 200) throw new Error(`email-link answered ${asked.status}: ${await asked.text()}`);
  const link = await emailLinkFromOutbox(baseUrl, email, adminCookie, timeoutMs);
  // Opening the link only shows whom it signs in (issue #35: a mail scanner's GET must not use it); its Continue
  // button posts the token, from the site's own page.
  const token = new URL(link, baseUrl).searchParams.get('token');
  const opened = await fetch(`${baseUrl}/auth/email-link`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(baseUrl).origin },
    body: new URLSearchParams({ token }).toString(),
  });
  if (opened.status !== 303) throw new Error(`the sign-in link answered ${opened.status}: ${await opened.text()}`);
  return opened.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** The path and query of the newest sign-in link mailed to `email` (the mail goes out through a job: waited for). */
export async function emailLinkFromOutbox(baseUrl, email, adminCookie, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const items = await (await fetch(`${baseUrl}/_api/admin/outbox`, { headers: { cookie: adminCookie } })).json();
    const item = Array.isArray(items) ? items.find((m) => m.to.includes(email)) : undefined;
    if (item) {
      const message = await (await fetch(`${baseUrl}/_api/admin/outbox/${encodeURIComponent(item.id)}`, { headers: { cookie: adminCookie } })).json();
      const match = /\/auth\/email-link\?token=[\w.~%-]+/.exec(message.text ?? '');
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no sign-in link for ${email} in the Outbox within ${timeoutMs / 1000} s`);
}
