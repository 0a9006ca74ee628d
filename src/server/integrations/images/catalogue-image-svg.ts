import type { CatalogueImage } from './catalogue-image-urls';

/**
 * Draws the shop's own product pictures as SVG (rasterised by sharp): a tyre three-quarters on with its pattern's own
 * tread and lettering, a wheel face by spoke count, colour and the design's spoke style, a merchandise tile per
 * subcategory. Deterministic: the same URL always draws the same picture.
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

type Point = readonly [number, number];
type TreadFamily = 'rib' | 'block' | 'lug' | 'directional' | 'asymmetric';

/** Which tread families a segment's patterns come in: highway treads are ribbed, mud-terrain treads chunky. */
const FAMILIES: Record<string, readonly TreadFamily[]> = {
  passenger: ['rib', 'asymmetric', 'directional'],
  performance: ['directional', 'asymmetric'],
  suv: ['rib', 'asymmetric', 'block'],
  '4wd': ['block', 'lug'],
  'light-truck': ['lug', 'block'],
  commercial: ['rib', 'block'],
};

interface Tread {
  readonly pitches: number;
  /** Blocks of one pitch, in tread coordinates: u across the tread (0–1), v along it (0–1 is one pitch). */
  readonly blocks: readonly (readonly Point[])[];
}

/** Bits of a pattern's hash, so every pattern draws its own tread: family, lanes, slant, block length, shoulders. */
const bits = (seed: number, shift: number, count: number) => (seed >>> shift) % count;

function treadOf(category: string, pattern: string): Tread {
  const seed = hash(pattern);
  const families = FAMILIES[category] ?? ['rib', 'block'];
  const family = families[bits(seed, 0, families.length)] ?? 'rib';
  const slant = (bits(seed, 3, 7) - 3) * 0.06;
  const length = 0.55 + bits(seed, 6, 4) * 0.1;
  const lanes = 3 + bits(seed, 9, 3);
  const groove = 0.035 + bits(seed, 12, 3) * 0.02;
  const quad = (u0: number, u1: number, v0: number, v1: number, skew = slant): Point[] => [
    [u0, v0],
    [u1, v0 + skew],
    [u1, v1 + skew],
    [u0, v1],
  ];
  const blocks: Point[][] = [];
  const lane = (i: number, count: number) => [i / count + groove / 2, (i + 1) / count - groove / 2] as const;
  switch (family) {
    case 'rib':
      for (let i = 0; i < lanes + 1; i += 1) {
        const [u0, u1] = lane(i, lanes + 1);
        blocks.push(quad(u0, u1, 0.04, 0.96, slant / 2));
      }
      break;
    case 'block':
      for (let i = 0; i < lanes; i += 1) {
        const [u0, u1] = lane(i, lanes);
        const shift = i % 2 === 0 ? 0 : 0.5;
        blocks.push(quad(u0, u1, shift + 0.05, shift + 0.05 + length * 0.8));
      }
      break;
    case 'lug': {
      const notch = 0.1 + bits(seed, 15, 3) * 0.05;
      blocks.push([
        [-0.08, 0.02],
        [0.52, 0.02 + slant],
        [0.52, 0.2 + slant],
        [0.4, 0.2 + slant],
        [0.4, 0.42 + slant],
        [-0.08, 0.42],
      ]);
      blocks.push([
        [0.48, 0.52],
        [1.08, 0.52 + slant],
        [1.08, 0.92 + slant],
        [0.6 + notch, 0.92],
        [0.6 + notch, 0.72],
        [0.48, 0.72],
      ]);
      break;
    }
    case 'directional': {
      const tip = 0.25 + bits(seed, 15, 4) * 0.08;
      blocks.push([
        [0, tip],
        [0.47, 0],
        [0.47, length * 0.6],
        [0, tip + length * 0.6],
      ]);
      blocks.push([
        [0.53, 0],
        [1, tip],
        [1, tip + length * 0.6],
        [0.53, length * 0.6],
      ]);
      break;
    }
    case 'asymmetric':
      blocks.push(quad(groove, 0.24, 0.02, 0.98, 0));
      blocks.push(quad(0.24 + groove, 0.46, 0.1, 0.9, slant / 2));
      for (let i = 0; i < 2; i += 1)
        blocks.push(quad(0.5 + i * 0.26, 0.74 + i * 0.26 - groove, 0.08 + i * 0.2, 0.08 + i * 0.2 + length * 0.7));
      break;
  }
  const pitches = { rib: 34, block: 26, lug: 18, directional: 30, asymmetric: 30 }[family] + bits(seed, 18, 5) * 2;
  return { pitches, blocks };
}

const points = (list: readonly Point[]) => list.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');

/** Where tread coordinates land on the visible tread band of a tyre seen three-quarters on. */
function onBand(tyre: { cx: number; cy: number; rx: number; ry: number; depth: number }, pitches: number) {
  return ([u, v]: Point): Point => {
    const angle = -Math.PI / 2 + (Math.PI * v) / pitches;
    return [tyre.cx + tyre.rx * Math.cos(angle) + u * tyre.depth, tyre.cy + tyre.ry * Math.sin(angle)];
  };
}

function sidewallWords(pattern: string): { brand: string; name: string } {
  const [brand = '', ...rest] = pattern.split('-');
  return { brand: brand.toUpperCase(), name: rest.join(' ').toUpperCase() };
}

/** A tyre three-quarters on: the sidewall with brand and pattern, and the pattern's own tread on the band beside it. */
function tyreSidewall(category: string, pattern: string): string {
  const seed = hash(pattern);
  const tread = treadOf(category, pattern);
  const tyre = {
    cx: 300,
    cy: 400,
    rx: 250,
    ry: 375,
    depth: category === 'light-truck' || category === '4wd' ? 230 : 190,
  };
  const band = `M ${tyre.cx} ${tyre.cy - tyre.ry} A ${tyre.rx} ${tyre.ry} 0 0 1 ${tyre.cx} ${tyre.cy + tyre.ry} L ${tyre.cx + tyre.depth} ${tyre.cy + tyre.ry} A ${tyre.rx} ${tyre.ry} 0 0 0 ${tyre.cx + tyre.depth} ${tyre.cy - tyre.ry} Z`;
  const map = onBand(tyre, tread.pitches);
  const blocks = Array.from({ length: tread.pitches + 1 }, (_, pitch) =>
    tread.blocks.map((block) => `<polygon points="${points(block.map(([u, v]) => map([u, v + pitch])))}"/>`).join(''),
  ).join('');
  const { brand, name } = sidewallWords(pattern);
  const white = (category === '4wd' || category === 'light-truck') && bits(seed, 21, 2) === 0;
  const letters = white ? '#f4f4f2' : '#c9ccd2';
  const rim = ['#c3c7cd', '#2b2d31', '#e8e8e4', '#8d9198'][bits(seed, 23, 4)] ?? '#c3c7cd';
  const holes = 5 + bits(seed, 25, 4);
  const rimHoles = Array.from({ length: holes }, (_, i) => {
    const a = (i * Math.PI * 2) / holes;
    return `<ellipse cx="${(tyre.cx + Math.cos(a) * 95).toFixed(1)}" cy="${(tyre.cy + Math.sin(a) * 125).toFixed(1)}" rx="22" ry="30" fill="#15161a"/>`;
  }).join('');
  const ribs = 1 + bits(seed, 28, 3);
  const rings = Array.from(
    { length: ribs },
    (_, i) =>
      `<ellipse cx="${tyre.cx}" cy="${tyre.cy}" rx="${tyre.rx - 28 - i * 10}" ry="${tyre.ry - 33 - i * 12}" fill="none" stroke="#2e3036" stroke-width="4"/>`,
  ).join('');
  const fit = (text: string, max: number, width: number) =>
    Math.min(max, Math.floor(width / Math.max(1, text.length * 0.68)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<rect width="800" height="800" fill="#ffffff"/>
<defs><clipPath id="band"><path d="${band}"/></clipPath></defs>
<ellipse cx="${tyre.cx + tyre.depth}" cy="${tyre.cy}" rx="${tyre.rx}" ry="${tyre.ry}" fill="#121316"/>
<path d="${band}" fill="#1a1b1f"/>
<g clip-path="url(#band)" fill="#3a3c42" stroke="#4b4e55" stroke-width="2">${blocks}</g>
<ellipse cx="${tyre.cx}" cy="${tyre.cy}" rx="${tyre.rx}" ry="${tyre.ry}" fill="#212226"/>${rings}
<text x="${tyre.cx}" y="118" font-family="DejaVu Sans, Arial, sans-serif" font-size="${fit(brand, 40, 290)}" font-weight="700" fill="${letters}" text-anchor="middle" letter-spacing="2">${escape(brand)}</text>
<text x="${tyre.cx}" y="712" font-family="DejaVu Sans, Arial, sans-serif" font-size="${fit(name, 30, 290)}" font-weight="700" fill="${letters}" text-anchor="middle" letter-spacing="1">${escape(name)}</text>
<ellipse cx="${tyre.cx}" cy="${tyre.cy}" rx="175" ry="228" fill="#9aa0a8"/>
<ellipse cx="${tyre.cx}" cy="${tyre.cy}" rx="163" ry="214" fill="${rim}"/>${rimHoles}
<ellipse cx="${tyre.cx}" cy="${tyre.cy}" rx="45" ry="58" fill="#7b8088"/>
</svg>`;
}

/** The tread face laid flat: the same blocks as the three-quarter view. */
function tyreTread(category: string, pattern: string): string {
  const tread = treadOf(category, pattern);
  const pitchHeight = 800 / Math.max(8, Math.round(tread.pitches / 2.5));
  const toFlat = ([u, v]: Point): Point => [130 + u * 540, v * pitchHeight];
  const rows = Math.ceil(800 / pitchHeight) + 1;
  const blocks = Array.from({ length: rows + 1 }, (_, pitch) =>
    tread.blocks
      .map((block) => `<polygon points="${points(block.map(([u, v]) => toFlat([u, v + pitch - 1])))}"/>`)
      .join(''),
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<rect width="800" height="800" fill="#ffffff"/>
<defs><clipPath id="face"><rect x="100" y="0" width="600" height="800" rx="40"/></clipPath></defs>
<rect x="100" y="0" width="600" height="800" rx="40" fill="#121316"/>
<g clip-path="url(#face)" fill="#2f3136" stroke="#44474d" stroke-width="2">${blocks}</g>
</svg>`;
}

type SpokeStyle = 'straight' | 'split' | 'y' | 'mesh' | 'dish';
const SPOKE_STYLES: readonly SpokeStyle[] = ['straight', 'split', 'y', 'mesh', 'dish'];

/** One spoke pointing up from the hub to the rim, in the design's style. */
function spokeShape(style: SpokeStyle, width: number, paint: { face: string; edge: string }, spokes: number): string {
  const fill = `fill="${paint.face}" stroke="${paint.edge}" stroke-width="3"`;
  switch (style) {
    case 'straight':
      return `<path d="M ${400 - width / 2} 330 L ${400 - width} 112 L ${400 + width} 112 L ${400 + width / 2} 330 Z" ${fill}/>`;
    case 'split':
      return `<path d="M ${400 - width * 0.7} 330 L ${400 - width * 1.3} 112 L ${400 - width * 0.4} 112 L ${400 - width * 0.15} 330 Z" ${fill}/><path d="M ${400 + width * 0.15} 330 L ${400 + width * 0.4} 112 L ${400 + width * 1.3} 112 L ${400 + width * 0.7} 330 Z" ${fill}/>`;
    case 'y': {
      const fork = (180 / spokes) * 0.9;
      return `<path d="M ${400 - width / 2} 330 L ${400 - width / 2} 230 L ${400 + width / 2} 230 L ${400 + width / 2} 330 Z" ${fill}/><g transform="rotate(${-fork / 2} 400 235)"><path d="M ${400 - width / 3} 240 L ${400 - width / 2} 112 L ${400 + width / 2} 112 L ${400 + width / 3} 240 Z" ${fill}/></g><g transform="rotate(${fork / 2} 400 235)"><path d="M ${400 - width / 3} 240 L ${400 - width / 2} 112 L ${400 + width / 2} 112 L ${400 + width / 3} 240 Z" ${fill}/></g>`;
    }
    case 'mesh': {
      const cross = 360 / spokes / 2;
      return `<g transform="rotate(${cross} 400 400)"><path d="M ${400 - width / 3} 330 L ${400 - width / 2} 112 L ${400 + width / 2} 112 L ${400 + width / 3} 330 Z" ${fill}/></g><g transform="rotate(${-cross} 400 400)"><path d="M ${400 - width / 3} 330 L ${400 - width / 2} 112 L ${400 + width / 2} 112 L ${400 + width / 3} 330 Z" ${fill}/></g>`;
    }
    case 'dish':
      return `<path d="M ${400 - width} 300 Q 400 ${280 - width} ${400 + width} 300 L ${400 + width * 0.6} 150 Q 400 ${135 - width / 2} ${400 - width * 0.6} 150 Z" fill="#0f1012" stroke="${paint.edge}" stroke-width="4"/>`;
  }
}

/** A wheel's face: the design decides spoke style, width, lip and centre; the colour its paint. */
function wheelFace(spokes: number, colour: string, design: string): string {
  const paint = COLOURS[colour] ?? { face: '#9aa0a8', edge: '#5f646b' };
  const seed = hash(design);
  const style = SPOKE_STYLES[bits(seed, 0, SPOKE_STYLES.length)] ?? 'straight';
  const width = 16 + bits(seed, 4, 5) * 6 + (spokes <= 6 ? 8 : 0);
  const lip = 8 + bits(seed, 8, 4) * 10;
  const beadlock = bits(seed, 11, 3) === 0;
  const spokeShapes = Array.from(
    { length: spokes },
    (_, i) => `<g transform="rotate(${(i * 360) / spokes} 400 400)">${spokeShape(style, width, paint, spokes)}</g>`,
  ).join('');
  const face =
    style === 'dish'
      ? `<circle cx="400" cy="400" r="${330 - lip}" fill="${paint.face}"/>`
      : `<circle cx="400" cy="400" r="${330 - lip}" fill="#0f1012"/>`;
  const studs = 5 + bits(seed, 13, 2);
  const bolts = Array.from({ length: studs }, (_, i) => {
    const a = (i * Math.PI * 2) / studs;
    return `<circle cx="${(400 + Math.cos(a) * 48).toFixed(1)}" cy="${(400 + Math.sin(a) * 48).toFixed(1)}" r="9" fill="#0d0d0f"/>`;
  }).join('');
  const ringBolts = beadlock
    ? Array.from({ length: 24 }, (_, i) => {
        const a = (i * Math.PI * 2) / 24;
        return `<circle cx="${(400 + Math.cos(a) * (330 - lip / 2)).toFixed(1)}" cy="${(400 + Math.sin(a) * (330 - lip / 2)).toFixed(1)}" r="5" fill="${paint.edge}"/>`;
      }).join('')
    : '';
  const cap = 80 + bits(seed, 15, 3) * 15;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<rect width="800" height="800" fill="#ffffff"/>
<circle cx="400" cy="400" r="390" fill="#18191c"/>
<circle cx="400" cy="400" r="330" fill="${paint.edge}"/>${face}${spokeShapes}${ringBolts}
<circle cx="400" cy="400" r="${cap}" fill="${paint.face}" stroke="${paint.edge}" stroke-width="6"/>${bolts}
<circle cx="400" cy="400" r="26" fill="#0d0d0f"/>
</svg>`;
}

const GLYPHS: Record<string, string> = {
  'wheel-nuts':
    '<polygon points="400,230 547,315 547,485 400,570 253,485 253,315" fill="#c3c7cd" stroke="#6f737a" stroke-width="10"/><circle cx="400" cy="400" r="70" fill="#6f737a"/>',
  'wheel-bolts':
    '<rect x="360" y="170" width="80" height="330" fill="#c3c7cd"/><polygon points="290,170 510,170 470,240 330,240" fill="#9aa0a8"/>',
  'wheel-locks':
    '<circle cx="400" cy="400" r="150" fill="#c3c7cd" stroke="#6f737a" stroke-width="10"/><path d="M 330 400 Q 400 300 470 400 Q 400 500 330 400" fill="#6f737a"/>',
  'hub-rings': '<circle cx="400" cy="400" r="170" fill="#2f6fd6"/><circle cx="400" cy="400" r="105" fill="#ffffff"/>',
};

function merchandiseTile(subcategory: string): string {
  const hue = hash(subcategory) % 360;
  const glyph =
    (Object.hasOwn(GLYPHS, subcategory) ? GLYPHS[subcategory] : undefined) ??
    `<circle cx="400" cy="380" r="170" fill="hsl(${hue} 55% 45%)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<rect width="800" height="800" fill="hsl(${hue} 40% 94%)"/>${glyph}
<text x="400" y="720" font-family="DejaVu Sans, Arial, sans-serif" font-size="52" font-weight="700" fill="#222" text-anchor="middle">${escape(words(subcategory))}</text>
</svg>`;
}

export function catalogueImageSvg(image: CatalogueImage): string {
  switch (image.kind) {
    case 'tyre':
      return image.view === 'tread'
        ? tyreTread(image.category, image.pattern)
        : tyreSidewall(image.category, image.pattern);
    case 'wheel':
      return wheelFace(image.spokes, image.colour, image.design);
    case 'merchandise':
      return merchandiseTile(image.subcategory);
  }
}
