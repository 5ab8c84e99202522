// sharp and libvips take about 19 MiB of memory once loaded. Most server starts never process an image, so they
// load on first use.
import type SharpFunction from "sharp";

let loading: Promise<typeof SharpFunction> | undefined;

export function loadSharp(): Promise<typeof SharpFunction> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    // Uploads are rare and never reused: libvips' operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
