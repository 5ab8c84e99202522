import { describe, expect, it } from "vitest";
import { imageSizes, photoGrid } from "./image-sizes";

describe("imageSizes", () => {
  it("gives a single column the viewport less the padding, then the container's fixed width", () => {
    // max-w-3xl px-4: an article's image.
    expect(imageSizes({ max: 768, padding: 16 })).toBe("(min-width: 768px) 736px, calc(100vw - 32px)");
  });

  it("divides the columns of a grid, less their gaps, at each breakpoint", () => {
    // max-w-6xl px-4, gap-6 sm:grid-cols-2 lg:grid-cols-3: the lists of articles and events.
    expect(imageSizes({ max: 1152, padding: 16, gap: 24, columns: { 640: 2, 1024: 3 } })).toBe(
      "(min-width: 1152px) 358px, (min-width: 1024px) calc((100vw - 80px) / 3), (min-width: 640px) calc((100vw - 56px) / 2), calc(100vw - 32px)",
    );
  });

  it("gives fixed widths once the container stops growing, and leaves out a breakpoint that changes nothing", () => {
    // max-w-3xl px-4, gap-4, three columns from 640 and from 1024.
    expect(imageSizes({ max: 768, padding: 16, gap: 16, columns: { 640: 3, 1024: 3 } })).toBe(
      "(min-width: 768px) 235px, (min-width: 640px) calc((100vw - 64px) / 3), calc(100vw - 32px)",
    );
  });

  it("gives a grid of photos its columns and their widths, three at most", () => {
    expect(photoGrid(1, 768)).toEqual({ className: "", sizes: "(min-width: 768px) 736px, calc(100vw - 32px)" });
    expect(photoGrid(2, 896)).toEqual({
      className: "sm:grid-cols-2",
      sizes: "(min-width: 896px) 424px, (min-width: 640px) calc((100vw - 48px) / 2), calc(100vw - 32px)",
    });
    expect(photoGrid(5, 768)).toEqual({
      className: "sm:grid-cols-3",
      sizes: "(min-width: 768px) 235px, (min-width: 640px) calc((100vw - 64px) / 3), calc(100vw - 32px)",
    });
  });
});
