import sharp from 'sharp';
import { IMAGE_MAX_BYTES } from '../../../common/constants.js';
import { MSG } from '../../../common/messages.js';
import { makeFlatImage, makeImage, makePixelBomb } from '../../test/support/images.js';
import { processImage } from './image-pipeline.js';

async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the picture to be refused');
}

describe('processImage', () => {
  it.each([
    ['logo', 3000, 2000, 800, 533],
    ['discount', 3000, 2000, 1200, 800],
    ['featured', 1000, 2000, 400, 800],
    ['default', 4000, 3000, 1440, 1080],
  ] as const)('fits a %s of %ix%i inside its box as webp (%ix%i)', async (kind, w, h, ew, eh) => {
    const out = await processImage(await makeFlatImage(w, h, 'jpeg'), kind);
    const meta = await sharp(out.data).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: ew, height: eh });
    expect(out).toMatchObject({ width: ew, height: eh, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('never enlarges a small picture, and keeps transparency', async () => {
    const png = await sharp({ create: { width: 120, height: 90, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const out = await processImage(png, 'logo');
    expect(await sharp(out.data).metadata()).toMatchObject({ width: 120, height: 90, hasAlpha: true });
  });

  it('turns a photo upright by its EXIF orientation, then drops its EXIF and ICC data', async () => {
    const tagged = await sharp(await makeFlatImage(300, 100, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'secret owner', Artist: 'someone' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const out = await processImage(tagged, 'featured');
    const meta = await sharp(out.data).metadata();
    expect(meta).toMatchObject({ width: 100, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('gives the same bytes and hash for the same picture', async () => {
    const png = await makeImage(200, 150);
    const [a, b] = await Promise.all([processImage(png, 'logo'), processImage(png, 'logo')]);
    expect(a.hash).toBe(b.hash);
    expect(a.data.equals(b.data)).toBe(true);
  });

  it('refuses a gif, an SVG and text, by their bytes', async () => {
    for (const bytes of [
      await makeFlatImage(10, 10, 'gif'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      Buffer.from('plain text'),
    ]) {
      expect(await rejection(processImage(bytes, 'logo'))).toBe(MSG.uploadInvalidType);
    }
  });

  it('refuses more than 5 MB', async () => {
    const png = await makeFlatImage(10, 10);
    const big = Buffer.concat([png, Buffer.alloc(IMAGE_MAX_BYTES + 1 - png.length)]);
    expect(await rejection(processImage(big, 'logo'))).toBe(MSG.uploadTooLarge);
  });

  it('refuses a decompression bomb from its header, quickly and without decoding it', async () => {
    const bomb = makePixelBomb();
    expect(bomb.length).toBeLessThan(100_000);
    const started = Date.now();
    expect(await rejection(processImage(bomb, 'featured'))).toBe(MSG.uploadTooManyPixels(40));
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses a truncated or corrupt picture with "Failed to load image for processing."', async () => {
    const jpeg = await makeImage(300, 200, 'jpeg');
    const png = await makeImage(300, 200, 'png');
    const corrupt = Buffer.from(png);
    corrupt.fill(0x41, 60, 400);
    for (const bytes of [jpeg.subarray(0, jpeg.length / 2), png.subarray(0, 40), corrupt, png.subarray(0, 8)]) {
      expect(await rejection(processImage(bytes, 'logo'))).toBe(MSG.uploadLoadFailed);
    }
  });
});
