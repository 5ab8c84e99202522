/**
 * The HTML `sizes` of an image that fills a column of the page, from the Tailwind classes of its containers, so that
 * the browser picks the variant of the width it shows (a phone's full-width image is not the viewport's width: the
 * page's padding takes 32 px of it).
 */
export interface ColumnLayout {
  /** The container's largest width, padding included (`max-w-6xl`: 1152), in px. */
  max: number;
  /** The container's padding on each side (`px-4`: 16), in px. */
  padding: number;
  /** Grid columns from each min-width in px (`sm:grid-cols-2 lg:grid-cols-3`: { 640: 2, 1024: 3 }); one below. */
  columns?: Record<number, number>;
  /** Between columns (`gap-6`: 24), in px. */
  gap?: number;
}

export function imageSizes({ max, padding, columns = {}, gap = 0 }: ColumnLayout): string {
  const breakpoints = Object.keys(columns).map(Number);
  const columnsAt = (width: number) => breakpoints.filter((at) => at <= width).reduce((n, at) => columns[at] ?? n, 1);
  const column = (n: number) => {
    const taken = 2 * padding + (n - 1) * gap;
    return n === 1 ? `calc(100vw - ${taken}px)` : `calc((100vw - ${taken}px) / ${n})`;
  };
  // Widest first, as the browser takes the first query that matches; below every breakpoint, one column.
  const entries: { from?: number; width: string }[] = [{ width: column(1) }];
  for (const at of [...new Set([max, ...breakpoints])].sort((a, b) => a - b)) {
    const n = columnsAt(at);
    // From `max` up the container no longer grows: a fixed width, rounded up so the browser never takes less.
    const width = at >= max ? `${Math.ceil((max - 2 * padding - (n - 1) * gap) / n)}px` : column(n);
    // A query giving the width of the one below it adds nothing.
    if (width !== entries[0]!.width) entries.unshift({ from: at, width });
  }
  return entries.map(({ from, width }) => (from === undefined ? width : `(min-width: ${from}px) ${width}`)).join(", ");
}

/** An image across the column of an article or an event (max-w-3xl px-4). */
export const ARTICLE_SIZES = imageSizes({ max: 768, padding: 16 });

/**
 * A grid of photos (product §9: one, two or three columns from `sm`, gap-4) across a column `max` px wide with px-4,
 * as the extra photos of an article, an event and the association's page show them: its column classes and its
 * images' `sizes`.
 */
export function photoGrid(count: number, max: number) {
  const columns = Math.min(count, 3);
  return {
    className: columns === 1 ? "" : columns === 2 ? "sm:grid-cols-2" : "sm:grid-cols-3",
    sizes: imageSizes({ max, padding: 16, gap: 16, columns: columns === 1 ? {} : { 640: columns } }),
  };
}
