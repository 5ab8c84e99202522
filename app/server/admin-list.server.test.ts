import { describe, expect, it } from "vitest";
import { adminListQuery, datePrefix } from "./admin-list.server";

describe("back-office list addresses", () => {
  it("reads the search and the page, any bad page being the first", () => {
    const query = (search: string, param?: string) =>
      adminListQuery(new Request(`http://localhost/admin/blog${search}`), param);
    expect(query("?q=%20%20Compost%20%20de%20%20feuilles&page=3")).toEqual({
      q: "Compost de feuilles",
      page: 3,
      pageSize: 20,
    });
    for (const page of ["0", "-2", "1.5", "abc", ""]) expect(query(`?page=${page}`).page).toBe(1);
    expect(query("?page=2&archives=4", "archives").page).toBe(4);
    expect(query(`?q=${"a".repeat(300)}`).q).toHaveLength(100);
  });

  it("reads a day, a month or a year in the ways people write them", () => {
    expect(datePrefix("2026")).toBe("2026");
    expect(datePrefix("3/2026")).toBe("2026-03");
    expect(datePrefix("Février 2026")).toBe("2026-02");
    expect(datePrefix("1er mars 2026")).toBe("2026-03-01");
    expect(datePrefix("24/11/2026")).toBe("2026-11-24");
    expect(datePrefix("24.11.2026")).toBe("2026-11-24");
    for (const text of ["13/2026", "compost", "mars", "brumaire 2026", "20260"]) expect(datePrefix(text)).toBeNull();
  });
});
