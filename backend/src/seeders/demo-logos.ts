
/**
 * Demo logos for the seeded firms, drawn without fonts or network: the firm's initials in a
 * 5x7 dot-matrix face on a coloured rounded square (an SVG that sharp renders to PNG).
 */

const SIZE = 512;
const PALETTE = ['#0099ff', '#7c3aed', '#059669', '#ea580c', '#db2777', '#0d9488', '#ca8a04', '#4f46e5'];

/** Rows of each glyph, top to bottom, 5 dots wide. */
const GLYPHS: Record<string, string> = {
  A: '01110 10001 10001 11111 10001 10001 10001', B: '11110 10001 10001 11110 10001 10001 11110',
  C: '01110 10001 10000 10000 10000 10001 01110', D: '11110 10001 10001 10001 10001 10001 11110',
  E: '11111 10000 10000 11110 10000 10000 11111', F: '11111 10000 10000 11110 10000 10000 10000',
  G: '01110 10001 10000 10111 10001 10001 01111', H: '10001 10001 10001 11111 10001 10001 10001',
  I: '01110 00100 00100 00100 00100 00100 01110', J: '00111 00010 00010 00010 00010 10010 01100',
  K: '10001 10010 10100 11000 10100 10010 10001', L: '10000 10000 10000 10000 10000 10000 11111',
  M: '10001 11011 10101 10101 10001 10001 10001', N: '10001 10001 11001 10101 10011 10001 10001',
  O: '01110 10001 10001 10001 10001 10001 01110', P: '11110 10001 10001 11110 10000 10000 10000',
  Q: '01110 10001 10001 10001 10101 10010 01101', R: '11110 10001 10001 11110 10100 10010 10001',
  S: '01111 10000 10000 01110 00001 00001 11110', T: '11111 00100 00100 00100 00100 00100 00100',
  U: '10001 10001 10001 10001 10001 10001 01110', V: '10001 10001 10001 10001 10001 01010 00100',
  W: '10001 10001 10001 10101 10101 10101 01010', X: '10001 10001 01010 00100 01010 10001 10001',
  Y: '10001 10001 01010 00100 00100 00100 00100', Z: '11111 00001 00010 00100 01000 10000 11111',
  0: '01110 10001 10011 10101 11001 10001 01110', 1: '00100 01100 00100 00100 00100 00100 01110',
  2: '01110 10001 00001 00010 00100 01000 11111', 3: '11111 00010 00100 00010 00001 10001 01110',
  4: '00010 00110 01010 10010 11111 00010 00010', 5: '11111 10000 11110 00001 00001 10001 01110',
  6: '00110 01000 10000 11110 10001 10001 01110', 7: '11111 00001 00010 00100 01000 01000 01000',
  8: '01110 10001 10001 01110 10001 10001 01110', 9: '01110 10001 10001 01111 00001 00010 01100',
};

/** Two letters for a firm: first letters of its first two words, or of a single word's parts (FundedNext → FN, The5ers → T5). */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const chars = words.length > 1 ? words.map((w) => w[0]) : [name[0], ...name.slice(1).match(/[A-Z0-9]/g) ?? [name[1] ?? '']];
  return chars.join('').toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 2);
}

export function demoLogoSvg(name: string, index: number): string {
  const text = initialsOf(name);
  const cell = 32;
  const cols = text.length * 6 - 1;
  const x0 = (SIZE - cols * cell) / 2;
  const y0 = (SIZE - 7 * cell) / 2;
  const dots: string[] = [];
  [...text].forEach((ch, i) => {
    (GLYPHS[ch] ?? '').split(' ').forEach((row, y) => {
      [...row].forEach((bit, x) => {
        if (bit === '1') dots.push(`<rect x="${x0 + (i * 6 + x) * cell}" y="${y0 + y * cell}" width="28" height="28" rx="7"/>`);
      });
    });
  });
  const color = PALETTE[index % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${color}" stop-opacity="0.7"/></linearGradient></defs>
<rect width="${SIZE}" height="${SIZE}" rx="96" fill="#0b1220"/><rect width="${SIZE}" height="${SIZE}" rx="96" fill="url(#g)"/>
<g fill="#ffffff">${dots.join('')}</g></svg>`;
}

/** The logo as PNG bytes, ready for the Media module's pipeline like any upload. */
export async function renderDemoLogo(name: string, index: number): Promise<Buffer> {
  // Loaded here, not at the top: only the demo seed's first run draws logos (see processImage).
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(demoLogoSvg(name, index))).png().toBuffer();
}
