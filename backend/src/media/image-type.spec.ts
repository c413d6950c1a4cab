import sharp from 'sharp';
import { parseDataUrl, sniffImageType } from './image-type.js';

const pixel = (format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff' | 'avif') =>
  sharp({ create: { width: 4, height: 3, channels: 3, background: '#0099ff' } }).toFormat(format).toBuffer();

describe('sniffImageType: the real type, by the first bytes', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('recognises a real %s', async (format) => {
    expect(sniffImageType(await pixel(format))).toBe(format);
  });

  it.each(['gif', 'tiff', 'avif'] as const)('refuses a %s (not an accepted type)', async (format) => {
    expect(sniffImageType(await pixel(format))).toBeNull();
  });

  it.each([
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'],
    ['an SVG with an XML prolog', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['text in a file named .png', 'hello, I am not a picture'],
    ['HTML', '<!doctype html><script>alert(1)</script>'],
    ['a PDF', '%PDF-1.7\n'],
    ['a RIFF that is a WAV', 'RIFF\x24\x00\x00\x00WAVEfmt '],
    ['nothing', ''],
  ])('refuses %s', (_label, text) => {
    expect(sniffImageType(Buffer.from(text, 'latin1'))).toBeNull();
  });

  it('needs the whole signature, not a prefix of it', () => {
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEB', 'latin1'))).toBeNull();
  });
});

describe('parseDataUrl', () => {
  it('decodes a base64 data URL and keeps the claimed type only as information', async () => {
    const png = await pixel('png');
    const parsed = parseDataUrl(`data:image/png;base64,${png.toString('base64')}`);
    expect(parsed?.mediaType).toBe('image/png');
    expect(parsed?.bytes.equals(png)).toBe(true);
  });

  it('hands back the real bytes of a data URL that lies about its type', () => {
    const parsed = parseDataUrl(`data:image/png;base64,${Buffer.from('just text').toString('base64')}`);
    expect(parsed?.bytes.toString()).toBe('just text');
    expect(sniffImageType(parsed!.bytes)).toBeNull();
  });

  it('accepts line breaks in the base64, upper-case markers and parameters', async () => {
    const jpeg = await pixel('jpeg');
    const b64 = jpeg.toString('base64').replace(/(.{60})/g, '$1\n');
    const parsed = parseDataUrl(`DATA:image/jpeg;name=x.jpg;BASE64,${b64}`);
    expect(parsed?.bytes.equals(jpeg)).toBe(true);
  });

  it('decodes a percent-encoded data URL byte for byte', () => {
    const parsed = parseDataUrl('data:image/svg+xml,%3Csvg%3E%FF%00é');
    expect(parsed?.mediaType).toBe('image/svg+xml');
    expect([...parsed!.bytes]).toEqual([0x3c, ...Buffer.from('svg'), 0x3e, 0xff, 0x00, 0xc3, 0xa9]);
  });

  it('refuses what is not a well-formed data URL', () => {
    expect(parseDataUrl('https://example.com/a.png')).toBeNull();
    expect(parseDataUrl('data:image/png;base64')).toBeNull();
    expect(parseDataUrl('data:image/png;base64,not*base64!')).toBeNull();
    expect(parseDataUrl(`data:${'x'.repeat(300)};base64,AAAA`)).toBeNull();
  });
});
