// sharp and libvips take about 19 MiB of memory once loaded. Most server starts never process an image, so they
// load on first use.
import type SharpFunction from "sharp";

let loading: Promise<typeof SharpFunction> | undefined;

export function loadSharp(): Promise<typeof SharpFunction> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    // Uploads are rare and never reused: libvips' operation cache would only hold memory.
    sharp.cache(false);
    // One libvips thread per image: the images are small, and each thread's buffers would stay with malloc.
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
