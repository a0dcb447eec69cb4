import sharp from 'sharp';

/**
 * The demo catalogue's pictures, drawn here as SVG and rendered to PNG by sharp: brand logos,
 * phone fronts and backs, accessories, and the shop logo. Letters are drawn as strokes, so no font is needed.
 */

const SIZE = 1000;

/** Brand initials on a 100 x 100 grid, as stroke paths. */
const GLYPHS: Record<string, string> = {
  A: 'M25 82 L50 18 L75 82 M34 60 L66 60',
  S: 'M70 28 C62 16 36 16 31 30 C26 44 44 48 52 50 C64 53 76 60 70 73 C63 87 36 86 28 72',
  G: 'M74 30 C66 18 46 14 34 22 C18 33 18 67 34 78 C48 88 70 84 76 66 L76 54 L56 54',
  O: 'M50 18 C28 18 20 36 20 50 C20 64 28 82 50 82 C72 82 80 64 80 50 C80 36 72 18 50 18 Z',
  X: 'M28 20 L72 80 M72 20 L28 80',
  N: 'M30 82 L30 18 L70 82 L70 18',
  K: 'M32 18 L32 82 M70 18 L34 56 M46 44 L72 82',
};

function glyph(letter: string, x: number, y: number, size: number, colour: string): string {
  const d = GLYPHS[letter] ?? '';
  const scale = size / 100;
  return `<path d="${d}" transform="translate(${x} ${y}) scale(${scale})" fill="none" stroke="${colour}" stroke-width="${9}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function svg(body: string, size = SIZE): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${body}</svg>`;
}

const backdrop = (tint: string) =>
  `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${tint}"/></linearGradient></defs><rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`;

/** Whether a #rrggbb colour is light enough to need dark marks on it. */
function isLight(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! > 160;
}

export function brandLogo(letter: string, colour: string): string {
  return svg(
    `<rect x="24" y="24" width="464" height="464" rx="96" fill="${colour}"/>${glyph(letter, 106, 106, 300, '#ffffff')}`,
    512,
  );
}

export function shopLogo(): string {
  return svg(
    `<rect x="24" y="24" width="464" height="464" rx="96" fill="#0f766e"/>` +
      `<rect x="176" y="96" width="160" height="300" rx="28" fill="none" stroke="#ffffff" stroke-width="18"/>` +
      `<line x1="232" y1="356" x2="280" y2="356" stroke="#ffffff" stroke-width="14" stroke-linecap="round"/>` +
      glyph('K', 206, 150, 100, '#ffffff'),
    512,
  );
}

/** A phone seen from the front: the screen glows in the brand colour. */
export function phoneFront(brandColour: string, tint: string): string {
  return svg(
    backdrop(tint) +
      `<rect x="330" y="120" width="340" height="720" rx="56" fill="#111827"/>` +
      `<rect x="348" y="138" width="304" height="684" rx="42" fill="${brandColour}"/>` +
      `<rect x="348" y="138" width="304" height="684" rx="42" fill="#ffffff" opacity="0.18"/>` +
      `<rect x="455" y="160" width="90" height="22" rx="11" fill="#111827"/>` +
      `<ellipse cx="500" cy="900" rx="210" ry="24" fill="#000000" opacity="0.12"/>`,
  );
}

/** A phone seen from the back, in its colour, with the camera and the brand initial. */
export function phoneBack(bodyColour: string, letter: string, tint: string): string {
  return svg(
    backdrop(tint) +
      `<rect x="330" y="120" width="340" height="720" rx="56" fill="${bodyColour}"/>` +
      `<rect x="358" y="150" width="150" height="150" rx="36" fill="#000000" opacity="0.18"/>` +
      `<circle cx="400" cy="192" r="26" fill="#1f2937"/><circle cx="466" cy="192" r="26" fill="#1f2937"/><circle cx="400" cy="258" r="26" fill="#1f2937"/>` +
      glyph(letter, 430, 420, 140, isLight(bodyColour) ? '#1f2937' : '#ffffff') +
      `<ellipse cx="500" cy="900" rx="210" ry="24" fill="#000000" opacity="0.12"/>`,
  );
}

export type AccessoryKind = 'case' | 'charger' | 'protector' | 'headphones' | 'cable';

export function accessory(kind: AccessoryKind, colour: string, tint: string): string {
  const shapes: Record<AccessoryKind, string> = {
    case:
      `<rect x="330" y="120" width="340" height="720" rx="60" fill="none" stroke="${colour}" stroke-width="36"/>` +
      `<rect x="360" y="150" width="150" height="150" rx="36" fill="none" stroke="${colour}" stroke-width="18"/>`,
    charger:
      `<rect x="360" y="300" width="280" height="300" rx="40" fill="${colour}" stroke="#9ca3af" stroke-width="6"/>` +
      `<rect x="440" y="220" width="30" height="80" rx="6" fill="#6b7280"/><rect x="530" y="220" width="30" height="80" rx="6" fill="#6b7280"/>` +
      `<path d="M500 600 C500 720 300 700 320 840" fill="none" stroke="${colour}" stroke-width="26" stroke-linecap="round"/>`,
    protector:
      `<rect x="330" y="120" width="340" height="720" rx="56" fill="#e0f2fe" stroke="${colour}" stroke-width="10" opacity="0.9"/>` +
      `<path d="M380 420 L560 200 M400 560 L620 300" stroke="#ffffff" stroke-width="30" stroke-linecap="round" opacity="0.8"/>`,
    headphones:
      `<path d="M300 560 C300 260 700 260 700 560" fill="none" stroke="${colour}" stroke-width="44" stroke-linecap="round"/>` +
      `<rect x="250" y="520" width="120" height="220" rx="50" fill="${colour}"/><rect x="630" y="520" width="120" height="220" rx="50" fill="${colour}"/>`,
    cable:
      `<path d="M300 300 C300 700 700 300 700 700" fill="none" stroke="${colour}" stroke-width="30" stroke-linecap="round"/>` +
      `<rect x="270" y="220" width="60" height="100" rx="14" fill="#9ca3af"/><rect x="670" y="680" width="60" height="100" rx="14" fill="#9ca3af"/>`,
  };
  return svg(backdrop(tint) + shapes[kind] + `<ellipse cx="500" cy="900" rx="240" ry="24" fill="#000000" opacity="0.10"/>`);
}

export type CoverKind = 'battery' | 'repair' | 'offer';

/** A blog post's cover, 1600 x 900: a phone and the post's subject, on the brand's teal. */
export function blogCover(kind: CoverKind): string {
  const phone =
    `<rect x="300" y="150" width="330" height="640" rx="52" fill="#0f172a"/>` +
    `<rect x="318" y="168" width="294" height="604" rx="38" fill="#e0f2fe"/>` +
    `<rect x="420" y="186" width="90" height="20" rx="10" fill="#0f172a"/>`;
  const subjects: Record<CoverKind, string> = {
    battery:
      `<rect x="390" y="330" width="150" height="300" rx="22" fill="none" stroke="#0f766e" stroke-width="18"/>` +
      `<rect x="430" y="300" width="70" height="34" rx="8" fill="#0f766e"/>` +
      `<rect x="410" y="480" width="110" height="130" rx="10" fill="#22c55e"/>` +
      `<path d="M478 360 L440 470 L475 470 L455 560 L510 440 L474 440 Z" fill="#f59e0b"/>` +
      `<circle cx="1100" cy="450" r="230" fill="#ffffff" opacity="0.12"/>` +
      `<path d="M980 450 L1080 550 L1260 340" fill="none" stroke="#ffffff" stroke-width="46" stroke-linecap="round" stroke-linejoin="round"/>`,
    repair:
      `<path d="M360 260 L450 420 L400 520 L500 700 M450 420 L560 380" fill="none" stroke="#64748b" stroke-width="8" stroke-linecap="round"/>` +
      `<path d="M1210 250 a110 110 0 0 0 -150 140 L820 630 L900 710 L1140 470 a110 110 0 0 0 140 -150 l-80 80 -60 -20 -20 -60 z" fill="#ffffff"/>` +
      `<circle cx="1000" cy="700" r="70" fill="none" stroke="#f59e0b" stroke-width="26"/>` +
      `<path d="M1000 600 L1000 640 M1000 760 L1000 800 M900 700 L940 700 M1060 700 L1100 700" stroke="#f59e0b" stroke-width="26" stroke-linecap="round"/>`,
    offer:
      `<rect x="370" y="400" width="190" height="190" rx="16" fill="none" stroke="#0f766e" stroke-width="14"/>` +
      `<path d="M370 470 L560 470 M465 400 L465 590" stroke="#0f766e" stroke-width="14"/>` +
      `<path d="M880 260 L1180 260 L1300 450 L1180 640 L880 640 Z" fill="#f59e0b"/>` +
      `<circle cx="930" cy="450" r="30" fill="#0f766e"/>` +
      `<circle cx="1060" cy="380" r="34" fill="none" stroke="#ffffff" stroke-width="20"/>` +
      `<circle cx="1180" cy="520" r="34" fill="none" stroke="#ffffff" stroke-width="20"/>` +
      `<path d="M1190 360 L1050 540" stroke="#ffffff" stroke-width="22" stroke-linecap="round"/>`,
  };
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f766e"/><stop offset="1" stop-color="#134e4a"/></linearGradient></defs>` +
    `<rect width="1600" height="900" fill="url(#bg)"/>` +
    `<circle cx="1450" cy="120" r="260" fill="#ffffff" opacity="0.06"/><circle cx="120" cy="860" r="220" fill="#ffffff" opacity="0.06"/>` +
    phone +
    subjects[kind] +
    `</svg>`
  );
}

/** Renders SVG to PNG, each distinct picture once per seeding run. */
export function createRenderer(): (svgText: string) => Promise<Buffer> {
  const rendered = new Map<string, Promise<Buffer>>();
  return (svgText) => {
    let png = rendered.get(svgText);
    if (!png) {
      png = sharp(Buffer.from(svgText)).png({ compressionLevel: 1 }).toBuffer();
      rendered.set(svgText, png);
    }
    return png;
  };
}
