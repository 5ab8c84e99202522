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

  it("cleans and bounds what the address holds as a form's values are: no NUL byte, no page past six digits", () => {
    const query = (search: string) => adminListQuery(new Request(`http://localhost/admin/blog${search}`));
    expect(query("?q=%00").q).toBe("");
    expect(query("?q=a%00b").q).toBe("ab");
    // A surrogate written in UTF-8 is no character: each of its bytes reads as U+FFFD.
    expect(query("?q=%ED%A0%80tomates").q).toBe("\uFFFD".repeat(3) + "tomates");
    expect(query("?q=a%0Ab%0D%0Ac").q).toBe("a b c");
    for (const page of ["9".repeat(30), "99999999999999999999", "9223372036854775808", "1e3", "1000000"])
      expect(query(`?page=${page}`).page).toBe(1);
    expect(query("?page=999999").page).toBe(999_999);
    // Cut at 100 characters, never between the two halves of one.
    expect(query(`?q=${"🍅".repeat(120)}`).q).toBe("🍅".repeat(100));
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
