// Cuts the taka sign (U+09F3) out of Noto Sans Bengali into public/fonts/noto-sans-bengali-taka.woff2
// (1.3 KB; the whole Bengali subset is 108 KB). Run only to change the glyph set; the result is
// committed, so the app needs neither package:
//
//   npm install --no-save subset-font@2 @fontsource-variable/noto-sans-bengali@5.3.0
//   node scripts/make-taka-font.mjs
//
// The font is under the SIL Open Font License (public/fonts/OFL-noto-sans-bengali.txt).
import fs from 'node:fs';
import subsetFont from 'subset-font';

const source = fs.readFileSync('node_modules/@fontsource-variable/noto-sans-bengali/files/noto-sans-bengali-bengali-wght-normal.woff2');
const subset = await subsetFont(source, '\u09F3', { targetFormat: 'woff2' });
fs.writeFileSync('public/fonts/noto-sans-bengali-taka.woff2', subset);
console.log(`public/fonts/noto-sans-bengali-taka.woff2: ${subset.length} bytes`);
