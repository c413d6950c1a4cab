/**
 * Pure rules of the Media module: what a file really is (by its first bytes,
 * never by its name or claimed type), data: URLs, and the /media/<hash>.webp names.
 */

/** The only picture formats an image field accepts (docs/spec.md §5: png, jpeg, webp). */
export type ImageType = 'png' | 'jpeg' | 'webp';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The real type of a picture from its magic bytes, or null for anything else (gif, svg, text, ...). */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  return null;
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

export interface DataUrl {
  /** What the sender claims (e.g. 'image/png'); informative only, the bytes decide. */
  mediaType: string;
  bytes: Buffer;
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Decodes a data: URL (RFC 2397), base64 or percent-encoded; null when it is not a well-formed one. */
export function parseDataUrl(value: string): DataUrl | null {
  if (!/^data:/i.test(value)) return null;
  const comma = value.indexOf(',');
  if (comma < 0 || comma > 256) return null;
  const params = value.slice(5, comma).split(';').map((p) => p.trim());
  const isBase64 = params.length > 1 && params[params.length - 1].toLowerCase() === 'base64';
  const mediaType = (params[0] || 'text/plain').toLowerCase();
  const payload = value.slice(comma + 1);
  if (isBase64) {
    const compact = payload.replace(/\s+/g, '');
    if (!BASE64.test(compact)) return null;
    return { mediaType, bytes: Buffer.from(compact, 'base64') };
  }
  return { mediaType, bytes: percentDecode(payload) };
}

/** %XX escapes become bytes, everything else its UTF-8 bytes (decodeURIComponent would refuse binary data). */
function percentDecode(text: string): Buffer {
  const parts: Buffer[] = [];
  let last = 0;
  for (const m of text.matchAll(/%([0-9a-f]{2})/gi)) {
    parts.push(Buffer.from(text.slice(last, m.index), 'utf8'), Buffer.from([Number.parseInt(m[1], 16)]));
    last = m.index + 3;
  }
  parts.push(Buffer.from(text.slice(last), 'utf8'));
  return Buffer.concat(parts);
}
