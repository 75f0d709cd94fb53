// The app's icons as PNGs, drawn from the favicon's SVG at build time (npm run build runs this first): the sizes a
// web app manifest needs (192 and 512, plain and maskable) and the 180 px apple-touch-icon that iOS uses instead.
// A maskable icon is cropped by the launcher to a circle or a squircle: its mark stays in the middle 80 %, on a
// background that fills the square (https://web.dev/articles/maskable-icon).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const favicon = readFileSync(join(root, 'public/favicon.svg'), 'utf8');
const BRAND = '#4f46e5';
/**
 * The favicon's mark (its path) on a full square, a little smaller (its far corner stays within 40 % of the middle):
 * the maskable icons, and the apple-touch-icon (iOS draws no transparency and rounds the corners itself).
 */
const mark = favicon.match(/<path[^>]*\/>/)?.[0];
if (!mark) throw new Error('public/favicon.svg has no <path> to draw the maskable icon from');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(3.2 3.2) scale(0.8)">${mark}</g></svg>`;

export const ICONS = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-192.png', size: 192, svg: maskable },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon.png', size: 180, svg: maskable },
];

const out = join(root, 'public/icons');
mkdirSync(out, { recursive: true });
for (const icon of ICONS) {
  const png = new Resvg(icon.svg, { fitTo: { mode: 'width', value: icon.size } }).render().asPng();
  writeFileSync(join(out, icon.file), png);
}
console.log(`PWA icons: ${ICONS.map((i) => `${i.file} (${i.size}px)`).join(', ')} in public/icons/`);
