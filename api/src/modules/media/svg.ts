/** Deterministic SVG artwork: the same inputs always draw the same picture (no network, no files). */

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** mulberry32: a tiny seeded generator. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Simple silhouettes on a 200×250 canvas, one per kind of goods.
const SHAPES: Record<string, string> = {
  top: 'M60 60 L85 45 Q100 58 115 45 L140 60 L165 90 L145 105 L135 95 L135 200 L65 200 L65 95 L55 105 L35 90 Z',
  dress: 'M80 45 Q100 60 120 45 L125 95 Q150 160 160 205 L40 205 Q50 160 75 95 Z',
  outer: 'M62 55 L88 42 L100 70 L112 42 L138 55 L168 100 L150 112 L140 100 L140 205 L60 205 L60 100 L50 112 L32 100 Z',
  shoe: 'M35 150 L40 110 Q70 115 90 95 L110 100 Q125 130 165 138 Q178 142 175 160 L35 160 Z',
  bag: 'M50 95 L150 95 L160 200 L40 200 Z M75 95 Q75 55 100 55 Q125 55 125 95 L115 95 Q115 65 100 65 Q85 65 85 95 Z',
  watch: 'M85 40 L115 40 L118 85 L82 85 Z M85 165 L115 165 L118 210 L82 210 Z M100 85 A40 40 0 1 1 99.9 85 Z',
  ring: 'M100 95 A50 50 0 1 1 99.9 95 Z M100 110 A35 35 0 1 0 100.1 110 Z M88 70 L112 70 L120 92 L80 92 Z',
  lamp: 'M70 60 L130 60 L150 120 L50 120 Z M95 120 L105 120 L105 190 L95 190 Z M65 190 L135 190 L135 202 L65 202 Z',
  ball: 'M100 75 A55 55 0 1 1 99.9 75 Z',
  bottle: 'M88 40 L112 40 L112 70 Q135 85 135 110 L135 200 L65 200 L65 110 Q65 85 88 70 Z',
  book: 'M55 50 L145 50 L145 205 L55 205 Z M65 60 L65 195',
  toy: 'M70 90 A30 30 0 1 1 69.9 90 Z M130 90 A30 30 0 1 1 129.9 90 Z M100 110 A45 45 0 1 1 99.9 110 Z',
};
export const shapeNames = Object.keys(SHAPES);

export function productSvg(input: { id: number; n: number; name: string; hue: number; shape: string }): string {
  const rand = seeded(input.id * 7919 + input.n * 104729);
  const hue = (input.hue + (input.n - 1) * 18) % 360;
  const bg1 = `hsl(${hue} 70% 92%)`;
  const bg2 = `hsl(${(hue + 30) % 360} 65% 82%)`;
  const fill = `hsl(${hue} 55% ${38 + Math.floor(rand() * 14)}%)`;
  const accent = `hsl(${(hue + 180) % 360} 60% 60%)`;
  const dots = Array.from({ length: 6 }, () => {
    const x = Math.round(rand() * 200);
    const y = Math.round(rand() * 250);
    const r = Math.round(6 + rand() * 22);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${(0.15 + rand() * 0.25).toFixed(2)}"/>`;
  }).join('');
  const path = SHAPES[input.shape] ?? SHAPES.top;
  const angle = input.n === 1 ? 0 : Math.round((rand() - 0.5) * 16);
  const label = escapeXml(input.name.length > 28 ? `${input.name.slice(0, 27)}…` : input.name);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 250" width="800" height="1000" role="img" aria-label="${label}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient></defs>
<rect width="200" height="250" fill="url(#g)"/>${dots}
<g transform="rotate(${angle} 100 125)"><path d="${path}" fill="${fill}" fill-rule="evenodd" stroke="${accent}" stroke-width="2" stroke-linejoin="round"/></g>
<text x="100" y="236" text-anchor="middle" font-family="system-ui, sans-serif" font-size="11" fill="hsl(${hue} 40% 25%)">${label}</text>
</svg>`;
}

/**
 * A category's picture: square, its silhouette centred and no text, so it crops well to any tile
 * (square tiles, portrait hero art) and the page sets the category's name over it.
 */
export function categorySvg(input: { id: number; name: string; hue: number; shape: string }): string {
  const hue = input.hue % 360;
  const rand = seeded(input.id * 4099 + 17);
  const path = SHAPES[input.shape] ?? SHAPES.top;
  const label = escapeXml(input.name);
  const dots = Array.from({ length: 5 }, () => {
    const x = Math.round(rand() * 300);
    const y = Math.round(rand() * 300);
    const r = Math.round(14 + rand() * 36);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${(0.08 + rand() * 0.14).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="600" height="600" role="img" aria-label="${label}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 65% 55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 40%)"/></linearGradient></defs>
<rect width="300" height="300" fill="url(#g)"/>${dots}
<g transform="translate(60 30) scale(0.9)"><path d="${path}" fill="hsl(${hue} 80% 92%)" fill-rule="evenodd"/></g>
</svg>`;
}
