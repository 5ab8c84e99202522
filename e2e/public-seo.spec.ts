import { SITE, expect, test } from "./fixtures";

const PUBLIC_PAGES = [
  "/",
  "/association",
  "/blog",
  "/events",
  "/annonces",
  "/apply",
  "/contact",
  "/search",
  "/mentions-legales",
];

async function articleAndEvent(request: import("@playwright/test").APIRequestContext) {
  const blog = await (await request.get("/blog")).text();
  const events = await (await request.get("/events")).text();
  return [/href="(\/blog\/\d+)"/.exec(blog)![1]!, /href="(\/events\/\d+)"/.exec(events)![1]!];
}

test("each public page has its own title, a description of at most 150 characters and its canonical address", async ({
  page,
  request,
}) => {
  const titles = new Set<string>();
  for (const path of [...PUBLIC_PAGES, ...(await articleAndEvent(request))]) {
    await page.goto(path);
    const title = await page.title();
    expect(titles.has(title), `${path} : ${title}`).toBe(false);
    titles.add(title);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description!.length, path).toBeGreaterThan(20);
    expect(description!.length, path).toBeLessThanOrEqual(150);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${SITE}${path}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", /^summary/);
  }
  expect(await page.title()).toMatch(/ — Potager$/);
});

test("articles and events carry their image for sharing and their structured data", async ({ page, request }) => {
  const [article, event] = await articleAndEvent(request);
  await page.goto(article!);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    new RegExp(`^${SITE}/media/[0-9a-f]{32}-\\d+x\\d+-1200\\.jpg$`),
  );
  const posting = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(posting).toMatchObject({
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    author: { name: expect.any(String) },
    publisher: { name: "Potager" },
  });
  // The author named to search engines is the one the article shows.
  await expect(page.getByText(`par ${posting.author.name}`)).toBeVisible();
  expect(posting.headline).toBe(await page.getByRole("heading", { level: 1 }).textContent());

  await page.goto(event!);
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(data).toMatchObject({ "@type": "Event", location: { "@type": "Place" }, organizer: { name: "Potager" } });
  expect(new Date(data.startDate).getTime()).toBeLessThanOrEqual(new Date(data.endDate).getTime());
});

test("public pages are cacheable and set no cookie; a form's answer is private", async ({ request }) => {
  for (const path of PUBLIC_PAGES) {
    const response = await request.get(path);
    expect(response.headers()["cache-control"], path).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
    );
    expect(response.headers()["set-cookie"], path).toBeUndefined();
  }
  const answer = await request.post("/contact", { form: { name: "" }, headers: { Origin: SITE } });
  expect(answer.status()).toBe(400);
  expect(answer.headers()["cache-control"]).toBe("private, no-store");
});

test("the feeds and the sitemap are linked and served", async ({ page, request }) => {
  await page.goto("/blog");
  await expect(page.getByRole("link", { name: "S'abonner (flux RSS)" })).toHaveAttribute("href", "/blog/rss.xml");
  const rss = await request.get("/blog/rss.xml");
  expect(rss.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
  expect(await rss.text()).toContain("Retour sur la fête des récoltes");
  await page.goto("/events");
  await expect(page.getByRole("link", { name: "Ajouter à mon agenda (iCalendar)" })).toHaveAttribute(
    "href",
    "/events/calendar.ics",
  );
  const ics = await (await request.get("/events/calendar.ics")).text();
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(4);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const path of ["/", "/blog", "/events", "/annonces", "/apply", "/contact"])
    expect(sitemap).toContain(`<loc>${SITE}${path}</loc>`);
  expect(sitemap.match(/<loc>[^<]+\/blog\/\d+<\/loc>/g)).toHaveLength(3);
});
