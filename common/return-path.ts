/**
 * The one return-path rule (issue 35): every `next` this site follows after a sign-in, a follow, an invitation,
 * a confirmation or an unsubscribe goes through safeReturnPath. It normalises first and checks afterwards,
 * because a check made before normalising is undone by it: `/.//evil.example` passes a "no leading //" test and
 * then resolves to `//evil.example`, which a browser reads as another host. Pure: no framework, no DOM.
 */

/** A stand-in origin to resolve against: only its own paths come back out. */
const BASE = 'http://site.invalid';
const MAX_LENGTH = 2000;

/** A path that a browser would read as another host (`//host`, `/\host`), or that is not a path at all. */
function leavesTheSite(path: string): boolean {
  return !path.startsWith('/') || /^\/[/\\]/.test(path);
}

function hasControlOrSpace(text: string): boolean {
  if (/[\s\u2028\u2029\ufeff]/.test(text)) return true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** Percent-decoding until it no longer changes (at most a few rounds); null when it is not valid encoding. */
function decodedFully(text: string): string | null {
  let current = text;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * `next` as a same-origin path (`/…` with its query and fragment), or `fallback`: normalised first — `\` read as
 * `/` (as browsers do), `.` and `..` segments resolved — then refused when it is not a string, is too long, holds
 * spaces or control characters (also once percent-decoded), has a scheme or a host, or starts with `//` or `/\`
 * (also once percent-decoded, so `/%2F%2Fhost` cannot become one later).
 */
export function safeReturnPath(next: unknown, fallback = '/'): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > MAX_LENGTH) return fallback;
  if (hasControlOrSpace(next)) return fallback;
  const slashed = next.replace(/\\/g, '/');
  if (leavesTheSite(slashed)) return fallback;
  let url: URL;
  try {
    url = new URL(slashed, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || url.username !== '' || url.password !== '') return fallback;
  const path = url.pathname;
  if (leavesTheSite(path)) return fallback;
  const decoded = decodedFully(path);
  if (decoded === null || hasControlOrSpace(decoded) || leavesTheSite(decoded.replace(/\\/g, '/'))) return fallback;
  // Resolved once more: what we hand out must be a fixed point, so whoever normalises it again gets the same path.
  const result = `${path}${url.search}${url.hash}`;
  const again = new URL(result, BASE);
  if (again.origin !== BASE || `${again.pathname}${again.search}${again.hash}` !== result) return fallback;
  return result;
}
