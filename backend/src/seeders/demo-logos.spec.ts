import sharp from 'sharp';
import { processImage } from '../media/image-pipeline.js';
import { DEMO_COMPANIES } from './companies.seed.js';
import { demoLogoSvg, initialsOf, renderDemoLogo } from './demo-logos.js';

describe('demo logos', () => {
  it('takes two initials from the firm name', () => {
    expect(DEMO_COMPANIES.map((c) => initialsOf(c.name))).toEqual(['FN', 'FT', 'T5', 'TO', 'AT', 'EM', 'AC', 'FP']);
  });

  it('draws every initial with dots and uses no font or external reference', () => {
    for (const [i, c] of DEMO_COMPANIES.entries()) {
      const svg = demoLogoSvg(c.name, i);
      expect(svg).not.toMatch(/<text|href|url\((?!#g\))/);
      expect((svg.match(/<rect x=/g) ?? []).length).toBeGreaterThan(20);
    }
  });

  it('renders a logo the media pipeline stores as a 512x512 webp, a different one per firm', async () => {
    const hashes = new Set<string>();
    for (const [i, c] of DEMO_COMPANIES.slice(0, 3).entries()) {
      const image = await processImage(await renderDemoLogo(c.name, i), 'logo');
      expect(await sharp(image.data).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
      hashes.add(image.hash);
    }
    expect(hashes.size).toBe(3);
  });
});
