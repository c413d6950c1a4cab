/** Test pictures made on the spot (sharp, or by hand where sharp would refuse to make them). */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

export type Format = 'png' | 'jpeg' | 'webp' | 'gif';

/** A noisy picture (so it does not compress to nothing) of the given size and format. */
export async function makeImage(width: number, height: number, format: Format = 'png', seed = 1): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let x = seed >>> 0;
  for (let i = 0; i < raw.length; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    raw[i] = x >>> 24;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer();
}

/** A flat-colour picture: tiny to send whatever its size. */
export function makeFlatImage(width: number, height: number, format: Format = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#0099ff' } }).toFormat(format).toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/**
 * A valid black-and-white PNG of width x height (1 bit per pixel): 20000x20000 is 400 megapixels that
 * decode to over a gigabyte, yet the file is about 50 KB. sharp itself refuses to make one that large.
 */
export function makePixelBomb(width = 20000, height = 20000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function dataUrl(bytes: Buffer, mediaType = 'image/png'): string {
  return `data:${mediaType};base64,${bytes.toString('base64')}`;
}
