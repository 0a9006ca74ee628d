import type { CatalogueImage } from './catalogue-image-urls';

/**
 * Draws the shop's own product pictures as SVG (rasterised by sharp): a tyre's sidewall and tread, a wheel face by
 * spoke count and colour, a merchandise tile per subcategory. Deterministic: the same URL always draws the same picture.
 */
function hash(text: string): number {
  let h = 2_166_136_261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16_777_619);
  return h >>> 0;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const words = (slug: string) => slug.split('-').join(' ').toUpperCase();

const COLOURS: Record<string, { face: string; edge: string }> = {
  'gloss-black': { face: '#1b1c1f', edge: '#4a4d55' },
  'matte-black': { face: '#2a2a2a', edge: '#3a3a3a' },
  silver: { face: '#c9ccd1', edge: '#8d9198' },
  'hyper-silver': { face: '#a9adb4', edge: '#6f737a' },
  gunmetal: { face: '#53575e', edge: '#2f3236' },
  bronze: { face: '#8c6a3f', edge: '#5b4427' },
  'machined-black': { face: '#26272a', edge: '#b9bcc2' },
  chrome: { face: '#e6e9ee', edge: '#9aa0a8' },
};

/** Block depth and count per segment: mud-terrain treads are chunky, highway treads fine. */
function treadStyle(category: string) {
  if (category === 'light-truck') return { blocks: 18, depth: 46 };
  if (category === '4wd') return { blocks: 26, depth: 32 };
  if (category === 'commercial') return { blocks: 30, depth: 22 };
  return { blocks: 40, depth: 16 };
}

function tyreSidewall(category: string, pattern: string): string {
  const { blocks, depth } = treadStyle(category);
  const label = words(pattern);
  const teeth = Array.from({ length: blocks * 2 }, (_, i) => {
    const angle = (i * 360) / (blocks * 2);
    return `<rect x="392" y="${20 - (i % 2) * 4}" width="16" height="${depth}" rx="3" fill="#26272b" transform="rotate(${angle} 400 400)"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<rect width="800" height="800" fill="#ffffff"/>
<circle cx="400" cy="400" r="380" fill="#17181b"/>${teeth}
<circle cx="400" cy="400" r="330" fill="#202125"/>
<circle cx="400" cy="400" r="318" fill="none" stroke="#2e3036" stroke-width="6"/>
<text x="400" y="142" font-family="DejaVu Sans, Arial, sans-serif" font-size="${label.length > 18 ? 26 : 34}" font-weight="700" fill="#d9dbe0" text-anchor="middle" letter-spacing="3">${escape(label)}</text>
<text x="400" y="690" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" fill="#9a9da5" text-anchor="middle" letter-spacing="6">RADIAL TUBELESS</text>
<circle cx="400" cy="400" r="215" fill="#9aa0a8"/>
<circle cx="400" cy="400" r="200" fill="#c3c7cd"/>
<circle cx="400" cy="400" r="60" fill="#7b8088"/>
</svg>`;
}

function tyreTread(category: string, pattern: string): string {
  const { blocks, depth } = treadStyle(category);
  const seed = hash(pattern);
  const rows = Math.max(6, Math.round(blocks / 3));
  const lanes = 4 + (seed % 2);
  const laneWidth = 560 / lanes;
  const blockHeight = 800 / rows;
  const shapes: string[] = [];
  for (let row = 0; row < rows; row += 1) {
    for (let lane = 0; lane < lanes; lane += 1) {
      const skew = ((seed >> (lane % 16)) & 1) === 1 ? depth / 2 : -depth / 2;
      const x = 120 + lane * laneWidth + 8;
      const y = row * blockHeight + ((lane % 2) * blockHeight) / 2;
      shapes.push(`<polygon points="${x},${y + 6} ${x + laneWidth - 16},${y + 6 + skew} ${x + laneWidth - 16},${y + blockHeight - 6 + skew} ${x},${y + blockHeight - 6}" fill="#2b2c31"/>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<rect width="800" height="800" fill="#ffffff"/>
<rect x="100" y="0" width="600" height="800" rx="40" fill="#121316"/>${shapes.join('')}
</svg>`;
}

function wheelFace(spokes: number, colour: string, design: string): string {
  const paint = COLOURS[colour] ?? { face: '#9aa0a8', edge: '#5f646b' };
  const seed = hash(design);
  const spokeWidth = 18 + (seed % 5) * 6;
  const split = seed % 3 === 0;
  const spokeShapes = Array.from({ length: spokes }, (_, i) => {
    const angle = (i * 360) / spokes;
    const body = `<path d="M ${400 - spokeWidth / 2} 330 L ${400 - spokeWidth} 110 L ${400 + spokeWidth} 110 L ${400 + spokeWidth / 2} 330 Z" fill="${paint.face}" stroke="${paint.edge}" stroke-width="3"/>`;
    const groove = split ? `<line x1="400" y1="320" x2="400" y2="115" stroke="${paint.edge}" stroke-width="5"/>` : '';
    return `<g transform="rotate(${angle} 400 400)">${body}${groove}</g>`;
  }).join('');
  const bolts = Array.from({ length: 6 }, (_, i) => {
    const a = (i * Math.PI * 2) / 6;
    return `<circle cx="${(400 + Math.cos(a) * 48).toFixed(1)}" cy="${(400 + Math.sin(a) * 48).toFixed(1)}" r="9" fill="#0d0d0f"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<rect width="800" height="800" fill="#ffffff"/>
<circle cx="400" cy="400" r="390" fill="#18191c"/>
<circle cx="400" cy="400" r="330" fill="${paint.edge}"/>
<circle cx="400" cy="400" r="318" fill="#0f1012"/>${spokeShapes}
<circle cx="400" cy="400" r="95" fill="${paint.face}" stroke="${paint.edge}" stroke-width="6"/>${bolts}
<circle cx="400" cy="400" r="26" fill="#0d0d0f"/>
</svg>`;
}

const GLYPHS: Record<string, string> = {
  'wheel-nuts': '<polygon points="400,230 547,315 547,485 400,570 253,485 253,315" fill="#c3c7cd" stroke="#6f737a" stroke-width="10"/><circle cx="400" cy="400" r="70" fill="#6f737a"/>',
  'wheel-bolts': '<rect x="360" y="170" width="80" height="330" fill="#c3c7cd"/><polygon points="290,170 510,170 470,240 330,240" fill="#9aa0a8"/>',
  'wheel-locks': '<circle cx="400" cy="400" r="150" fill="#c3c7cd" stroke="#6f737a" stroke-width="10"/><path d="M 330 400 Q 400 300 470 400 Q 400 500 330 400" fill="#6f737a"/>',
  'hub-rings': '<circle cx="400" cy="400" r="170" fill="#2f6fd6"/><circle cx="400" cy="400" r="105" fill="#ffffff"/>',
};

function merchandiseTile(subcategory: string): string {
  const hue = hash(subcategory) % 360;
  const glyph = GLYPHS[subcategory] ?? `<circle cx="400" cy="380" r="170" fill="hsl(${hue} 55% 45%)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<rect width="800" height="800" fill="hsl(${hue} 40% 94%)"/>${glyph}
<text x="400" y="720" font-family="DejaVu Sans, Arial, sans-serif" font-size="52" font-weight="700" fill="#222" text-anchor="middle">${escape(words(subcategory))}</text>
</svg>`;
}

export function catalogueImageSvg(image: CatalogueImage): string {
  switch (image.kind) {
    case 'tyre':
      return image.view === 'tread' ? tyreTread(image.category, image.pattern) : tyreSidewall(image.category, image.pattern);
    case 'wheel':
      return wheelFace(image.spokes, image.colour, image.design);
    case 'merchandise':
      return merchandiseTile(image.subcategory);
  }
}
