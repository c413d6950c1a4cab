import sharp from 'sharp';
import { backgroundOf } from './image-background.js';

async function pixelsOf(svg: string) {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return backgroundOf(data, info.width, info.height, info.channels);
}

describe('the colour a picture box shows before the picture', () => {
  it('is the colour of the edges of an opaque logo, whatever its middle', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#0b1220"/><circle cx="20" cy="20" r="12" fill="#ffcc00"/></svg>`;
    expect(await pixelsOf(svg)).toBe('#0b1220');
  });

  it('is the tile colour of a logo drawn as a rounded tile, see-through in its corners', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" rx="10" fill="#7c3aed"/></svg>`;
    expect(await pixelsOf(svg)).toBe('#7c3aed');
  });

  it('averages edges of different colours', () => {
    // 3x3: the middles of the top and left edges black, of the right and bottom edges orange.
    const px = new Uint8Array(3 * 3 * 4).fill(255);
    const set = (x: number, y: number, rgb: number[]) => px.set(rgb, (y * 3 + x) * 4);
    set(1, 0, [0, 0, 0]); set(0, 1, [0, 0, 0]); set(2, 1, [200, 100, 0]); set(1, 2, [200, 100, 0]);
    expect(backgroundOf(px, 3, 3, 4)).toBe('#643200');
  });

  it('is the white of the box for a logo drawn on transparency', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="12" fill="#7c3aed"/></svg>`;
    expect(await pixelsOf(svg)).toBe('#ffffff');
  });

  it('reads pictures without an alpha channel', () => {
    expect(backgroundOf(new Uint8Array([10, 20, 30]), 1, 1, 3)).toBe('#0a141e');
  });
});
