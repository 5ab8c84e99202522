// Image pipeline measurement: `npx tsx bench/image.ts`.
// Makes 12-megapixel JPEGs (4000 × 3000, photo-like texture, EXIF orientation 6), then, in a fresh
// process so that making them does not weigh on the figures, runs each through saveImage() and
// prints the time taken, the peak memory of the process and the size of every stored variant.
import { spawnSync } from "node:child_process";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

const RUNS = 5;
const print = (line: string) => process.stdout.write(`${line}\n`);
const MiB = 1024 * 1024;

/** Noise at three scales blended over a green base: encodes like a garden photo, not like a flat colour. */
async function photo(seed: number) {
  const layer = async (width: number, height: number, sigma: number) => {
    const noise = await sharp({
      create: { width, height, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128 + seed, sigma } },
    })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return sharp(noise.data, { raw: noise.info })
      .resize(4000, 3000, { kernel: "cubic" })
      .png({ compressionLevel: 0 })
      .toBuffer();
  };
  const [low, mid, high] = await Promise.all([layer(16, 12, 60), layer(200, 150, 40), layer(1000, 750, 25)]);
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 96, g: 140, b: 72 } } })
    .composite([
      { input: low, blend: "overlay" },
      { input: mid, blend: "soft-light" },
      { input: high, blend: "soft-light" },
    ])
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function make(dir: string) {
  for (let i = 0; i < RUNS; i++) await fsp.writeFile(path.join(dir, `input-${i}.jpg`), await photo(i));
}

function rssSampler() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 2);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss);
  };
}

const inputsOf = (dir: string) => Array.from({ length: RUNS }, (_, i) => path.join(dir, `input-${i}.jpg`));
const mib = (bytes: number) => `${(bytes / MiB).toFixed(0)} MiB`;
const ms = (times: number[]) => {
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  return `median ${median.toFixed(0)} ms (runs: ${times.map((t) => t.toFixed(0)).join(", ")} ms)`;
};

/** The conversion alone, in a process holding nothing else: its memory is the pipeline's. */
async function measureMemory(dir: string) {
  const { processImage } = await import("~/modules/media/media.server");
  const out = path.join(dir, "out");
  await fsp.mkdir(out, { recursive: true });
  const baseline = process.memoryUsage().rss;
  const maxBefore = process.resourceUsage().maxRSS * 1024;
  const times: number[] = [];
  let peak = 0;
  for (const file of inputsOf(dir)) {
    const stop = rssSampler();
    const start = performance.now();
    const image = await processImage({ path: file });
    await Promise.all(image.files.map((f) => fsp.writeFile(path.join(out, f.name), f.data)));
    times.push(performance.now() - start);
    peak = Math.max(peak, stop());
  }
  print("Conversion and writing, without the database (a process with Node and sharp only)");
  print(`  time: ${ms(times)}`);
  print(
    `  memory: ${mib(baseline)} RSS before, peak ${mib(peak)} while converting (+${mib(peak - baseline)}); getrusage maximum ${mib(maxBefore)} before, ${mib(process.resourceUsage().maxRSS * 1024)} after`,
  );
}

/** saveImage() end to end, with its row in an in-memory PGlite. */
async function measureSave(dir: string) {
  const { openDatabase, useDatabase } = await import("~/db/client.server");
  const { media } = await import("~/db/schema");
  const { saveImage, setMediaDir } = await import("~/modules/media/media.server");
  const handle = await openDatabase({});
  useDatabase(handle);
  const out = path.join(dir, "saved");
  const inputs = inputsOf(dir);
  const meta = await sharp(inputs[0]!).metadata();
  const inputSize = (await fsp.stat(inputs[0]!)).size;

  const times: number[] = [];
  let peakIncrease = 0;
  let stored;
  for (const file of inputs) {
    await fsp.rm(out, { recursive: true, force: true });
    setMediaDir(out);
    await handle.db.delete(media);
    const before = process.memoryUsage().rss;
    const stop = rssSampler();
    const start = performance.now();
    stored = await saveImage({ path: file });
    times.push(performance.now() - start);
    peakIncrease = Math.max(peakIncrease, stop() - before);
  }
  await handle.close();

  print(
    `Node ${process.version}, sharp ${sharp.versions.sharp} / libvips ${sharp.versions.vips}, ${os.cpus().length} CPU(s)`,
  );
  print(
    `Input: ${meta.width} × ${meta.height} JPEG (${((meta.width * meta.height) / 1e6).toFixed(1)} MP, EXIF orientation ${meta.orientation}), ${(inputSize / MiB).toFixed(2)} MiB each, ${RUNS} different images`,
  );
  print(`Stored: ${stored!.width} × ${stored!.height} upright, ${stored!.url}`);
  print("");
  print("saveImage() end to end (read, hash, check, decode + orient + resize, 6 encodes, write, row in PGlite)");
  print(`  time: ${ms(times)}`);
  print(
    `  memory: peak RSS increase while saving +${mib(peakIncrease)} (the in-memory PGlite itself holds ~600 MiB here)`,
  );
  const width = (name: string) => Number(/-(\d+)\.\w+$/.exec(name)![1]);
  const files = (await fsp.readdir(out)).sort((a, b) => width(a) - width(b) || a.localeCompare(b));
  print("Stored variants");
  let total = 0;
  for (const name of files) {
    const size = (await fsp.stat(path.join(out, name))).size;
    total += size;
    const m = await sharp(path.join(out, name)).metadata();
    print(
      `  ${name.slice(33).padEnd(20)} ${`${m.width}×${m.height}`.padEnd(10)} ${(size / 1024).toFixed(1).padStart(7)} KiB`,
    );
  }
  print(`  ${"all six".padEnd(31)}${(total / 1024).toFixed(1).padStart(7)} KiB`);
  print("");
}

const [mode, target] = process.argv.slice(2);
if (mode === "--save" && target) {
  await measureSave(target);
} else if (mode === "--memory" && target) {
  await measureMemory(target);
} else {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-bench-image-"));
  try {
    await make(dir);
    for (const step of ["--save", "--memory"]) {
      const child = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, step, dir], {
        stdio: "inherit",
      });
      if (child.status !== 0) process.exitCode = child.status ?? 1;
    }
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
