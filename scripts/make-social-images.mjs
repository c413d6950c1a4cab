// Run once (node scripts/make-social-images.mjs) to redraw the committed link-preview images:
// frontend/public/og-default.png (1200x630, Open Graph / Twitter default) and frontend/public/logo.png
// (512x512, the Organization logo in JSON-LD). Drawn from SVG with sharp; fonts from the system.
import sharp from 'sharp';

const brand = '#0099ff';
const mark = (x, y, size) => `
  <g transform="translate(${x} ${y}) scale(${size / 64})">
    <rect width="64" height="64" rx="14" fill="${brand}"/>
    <path d="M18 33l9 9 19-20" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>
  </g>`;

const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0b1120"/><stop offset="1" stop-color="#14213f"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.85" cy="0.15" r="0.6">
      <stop offset="0" stop-color="${brand}" stop-opacity="0.35"/><stop offset="1" stop-color="${brand}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <rect width="1200" height="630" fill="url(#glow)"/>
  ${mark(80, 80, 96)}
  <text x="200" y="145" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="40" font-weight="700" fill="#e8edf7">Verified Trader Funding</text>
  <text x="80" y="300" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="64" font-weight="700" fill="#ffffff">We test prop firms</text>
  <text x="80" y="380" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="64" font-weight="700" fill="${brand}">so you don’t have to.</text>
  <g font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="28" fill="#e8edf7">
    <rect x="80" y="470" width="306" height="64" rx="32" fill="#1a2440" stroke="#26324f" stroke-width="2"/>
    <text x="233" y="512" text-anchor="middle">Verified discounts</text>
    <rect x="406" y="470" width="278" height="64" rx="32" fill="#1a2440" stroke="#26324f" stroke-width="2"/>
    <text x="545" y="512" text-anchor="middle">Honest reviews</text>
    <rect x="704" y="470" width="320" height="64" rx="32" fill="#1a2440" stroke="#26324f" stroke-width="2"/>
    <text x="864" y="512" text-anchor="middle">Payout protection</text>
  </g>
</svg>`;

const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">${mark(0, 0, 512)}</svg>`;

await sharp(Buffer.from(og)).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile('frontend/public/og-default.png');
await sharp(Buffer.from(logo)).png({ compressionLevel: 9, palette: true }).toFile('frontend/public/logo.png');
console.log('Wrote frontend/public/og-default.png and frontend/public/logo.png');
