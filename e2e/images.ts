import sharp from "sharp";

/** A noisy photo-sized PNG, well over 0.5 MB so the browser compresses it before sending. */
export async function noisyPng(width = 1400, height = 1000) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    const noise = Math.floor(Math.random() * 60);
    pixels[i] = 40 + noise;
    pixels[i + 1] = 110 + Math.floor((x / width) * 80) + noise / 2;
    pixels[i + 2] = 50 + noise;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export async function smallPng(colour: { r: number; g: number; b: number }) {
  return sharp({ create: { width: 256, height: 256, channels: 3, background: colour } })
    .png()
    .toBuffer();
}
