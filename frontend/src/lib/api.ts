/** The one fetch client: JSON in, JSON out, and the body's `error` (or SPEC's fallback) as the thrown message. */
import { MSG } from '../../../common/messages.js';

export class ApiRequestError extends Error {
  constructor(message: string, readonly status: number, readonly errors?: Record<string, string>) {
    super(message);
  }
}

export async function apiFetch<T>(path: string, init: RequestInit = {}, fallback: string = MSG.unknownError): Promise<T> {
  const res = await fetch(path, {
    credentials: 'same-origin',
    ...init,
    headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
  });
  const body = await res.json().catch(() => undefined);
  if (!res.ok) {
    const b = body as { error?: string; message?: string; errors?: Record<string, string> } | undefined;
    throw new ApiRequestError(b?.error ?? b?.message ?? fallback, res.status, b?.errors);
  }
  return body as T;
}

export const apiPost = <T>(path: string, data: unknown = {}, fallback?: string) =>
  apiFetch<T>(path, { method: 'POST', body: JSON.stringify(data) }, fallback);

/** docs/spec.md §7: calls whose answers are superjson (`{json, meta}`; dates arrive as Date). */
export async function apiGetSuperjson<T>(path: string, fallback?: string): Promise<T> {
  const { default: superjson } = await import('superjson');
  const body = await apiFetch<Parameters<typeof superjson.deserialize>[0]>(path, {}, fallback);
  return superjson.deserialize<T>(body);
}

/** docs/spec.md §7: a body serialised with superjson (the newsletter signup). */
export async function apiPostSuperjson<T>(path: string, data: unknown, fallback?: string): Promise<T> {
  const { default: superjson } = await import('superjson');
  return apiFetch<T>(path, { method: 'POST', body: superjson.stringify(data) }, fallback);
}
