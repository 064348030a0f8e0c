// Makes the site's icons from its logo, public/favicon.svg (the lotus on plum the navbar shows):
// favicon.ico (16, 32 and 48 px) for browsers and tools that ask for /favicon.ico, the
// apple-touch-icon (180 px) for iPhones' home screens, and the web app manifest's 192 and 512 px
// icons, plus a maskable 512 px one that Android may crop to a circle. Run only when the logo
// changes; the results are committed:
//
//   node scripts/make-icons.mjs
import fs from 'node:fs';
import sharp from 'sharp';

const logo = fs.readFileSync('public/favicon.svg', 'utf8');
const PLUM = '#4a1d3f';

// The logo's drawing, without its outer <svg> and its rounded plum tile.
const drawing = logo
  .replace(/^[\s\S]*?<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/<rect width="64" height="64" rx="16" fill="#4a1d3f"\/>/, '');
if (drawing === logo || drawing.includes('<rect')) throw new Error('public/favicon.svg changed shape: update make-icons.mjs');

const svg = (body) => `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">${body}</svg>`;
// As the favicon: the rounded tile, transparent corners.
const rounded = logo;
// iOS rounds the corners itself and fills transparent ones with black: a square tile.
const square = svg(`<rect width="64" height="64" fill="${PLUM}"/>${drawing}`);
// A maskable icon keeps what matters inside the middle 80 % (the 'safe zone'), whatever the mask.
const maskable = svg(`<rect width="64" height="64" fill="${PLUM}"/><g transform="translate(9.6 9.6) scale(0.7)">${drawing}</g>`);

/** The SVG drawn at `size` px (the logo is 64 px at 72 dpi: the density scales it without blur). */
const png = (source, size) => sharp(Buffer.from(source), { density: (72 * size) / 64 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();

/** An ICO file holding PNG images (every browser and Windows since Vista reads those). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ data }) => data)]);
}

const outputs = {
  'public/favicon.ico': ico(await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(rounded, size) })))),
  'public/apple-touch-icon.png': await png(square, 180),
  'public/icons/icon-192.png': await png(rounded, 192),
  'public/icons/icon-512.png': await png(rounded, 512),
  'public/icons/icon-maskable-512.png': await png(maskable, 512),
};
fs.mkdirSync('public/icons', { recursive: true });
for (const [file, data] of Object.entries(outputs)) {
  fs.writeFileSync(file, data);
  console.log(`${file}: ${data.length} bytes`);
}
