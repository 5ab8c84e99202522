import { loadSharp } from "~/modules/media/sharp.server";

/**
 * Demo photos drawn locally (no download): simple garden scenes rendered from SVG to PNG,
 * then stored through the normal image pipeline like any upload.
 */
type Scene = { sky: [string, string]; ground: string; rows: string[]; sun?: boolean; label?: string };

function sceneSvg({ sky, ground, rows, sun = true }: Scene, width = 1600, height = 1200) {
  const rowShapes = rows
    .map((color, r) => {
      const y = 720 + r * 120;
      const plants = Array.from({ length: 11 }, (_, i) => {
        const x = 80 + i * 145 + (r % 2) * 60;
        const size = 38 + ((i * 7 + r * 3) % 5) * 6;
        return `<circle cx="${x}" cy="${y}" r="${size}" fill="${color}" opacity="0.92"/><rect x="${x - 4}" y="${y}" width="8" height="${size}" fill="#3b2a1a" opacity="0.5"/>`;
      }).join("");
      return `<rect x="0" y="${y + 30}" width="${width}" height="36" fill="#6b4a2b" opacity="0.55"/>${plants}`;
    })
    .join("");
  // Drawn on 1600 × 1200, rasterised at the largest size stored (1200 px): fewer pixels to decode again.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 ${width} ${height}">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#s)"/>
    ${sun ? `<circle cx="1300" cy="220" r="110" fill="#ffd866"/>` : ""}
    <path d="M0 560 Q 400 470 800 560 T 1600 540 V ${height} H 0 Z" fill="${ground}"/>
    <path d="M0 620 Q 500 560 1000 630 T 1600 610 V ${height} H 0 Z" fill="#5c8a3a" opacity="0.6"/>
    ${rowShapes}
  </svg>`;
}

export const DEMO_SCENES = {
  home: { sky: ["#8fc6ea", "#e4f3fb"], ground: "#7aa64a", rows: ["#2f7d32", "#c0392b", "#3f8f3a"] },
  summer: { sky: ["#6fb7e9", "#d8eefa"], ground: "#86ad4b", rows: ["#d35400", "#2e7d32", "#e74c3c"] },
  autumn: { sky: ["#f2b880", "#fbe3c8"], ground: "#9c7a3c", rows: ["#e67e22", "#8e5b2a", "#c0392b"] },
  spring: { sky: ["#a8d8f0", "#eef8fc"], ground: "#8cc152", rows: ["#4caf50", "#f4d03f", "#66bb6a"] },
  evening: { sky: ["#5b6fa8", "#f0a87a"], ground: "#55753a", rows: ["#2e5e2a", "#7b3f3f"], sun: false },
  tools: { sky: ["#cfe6d2", "#f4faf4"], ground: "#9bbf6a", rows: ["#8d6e63", "#4e7d3a"] },
} satisfies Record<string, Scene>;

export async function renderScene(name: keyof typeof DEMO_SCENES): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(sceneSvg(DEMO_SCENES[name])))
    .png()
    .toBuffer();
}

/** A round badge for the header icon. */
export async function renderIcon(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 32 32">
    <circle cx="16" cy="16" r="16" fill="#2f6328"/>
    <path d="M16 25c0-7 2-11 8-14-1 7-3 11-8 14Zm0 0c0-6-2-9-7-11 1 6 3 9 7 11Z" fill="#b9e3a8"/></svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png().toBuffer();
}
