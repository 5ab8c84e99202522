import ICAL from "ical.js";
import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import type { SiteInfo } from "~/modules/seo/seo";
import type { BlogPost } from "~/modules/blog/blog.server";
import type { EventItem } from "~/modules/events/events.server";
import { blogRss, eventsCalendar } from "./feeds.server";

const site: SiteInfo = {
  name: "Les Jardins du Tonkin",
  tagline: "Jardins familiaux et partagés",
  url: "https://jardins.example.org",
};

const post = (id: number, title: string, content: string, createdAt: string): BlogPost => ({
  id,
  title,
  content,
  plainText: content.replace(/<[^>]*>/g, ""),
  excerpt: "",
  image: "/media/0123456789abcdef0123456789abcdef-1600x1200-1200.jpg",
  imagesAnnexes: [],
  author: "Admin",
  date: new Date(createdAt),
  createdAt: new Date(createdAt),
  isDemo: false,
  state: "publie",
  publishAt: null,
  publishedAt: new Date(createdAt),
  imageAlts: {},
  updatedAt: new Date(createdAt),
  updatedBy: null,
});

describe("blog RSS", () => {
  it("is RSS 2.0 that a feed reader reads: the articles in full, newest first, with absolute links", async () => {
    const xml = blogRss(site, [
      post(
        2,
        "Le compost & ses bacs",
        "<p>Trois bacs <strong>près</strong> de la cabane.</p><script>alert(1)</script>",
        "2026-11-18T09:00:00Z",
      ),
      post(1, "Préparer l'hiver", "<p>Paillez la terre.</p>", "2026-10-14T09:00:00Z"),
    ]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<rss version="2.0"/);
    const feed = await new Parser({ customFields: { item: [["content:encoded", "full"]] } }).parseString(xml);
    expect(feed.title).toBe("Les Jardins du Tonkin — Blog");
    expect(feed.link).toBe("https://jardins.example.org/blog");
    expect(feed.language).toBe("fr");
    expect(feed.items.map((item) => [item.title, item.link])).toEqual([
      ["Le compost & ses bacs", "https://jardins.example.org/blog/2"],
      ["Préparer l'hiver", "https://jardins.example.org/blog/1"],
    ]);
    const [first] = feed.items as (Parser.Item & { full: string })[];
    expect(first.full).toBe("<p>Trois bacs <strong>près</strong> de la cabane.</p>");
    expect(new Date(first.pubDate!).toISOString()).toBe("2026-11-18T09:00:00.000Z");
    expect(first.enclosure?.url).toBe(
      "https://jardins.example.org/media/0123456789abcdef0123456789abcdef-1600x1200-1200.jpg",
    );
  });

  it("is a valid, empty feed when there is no article", async () => {
    const feed = await new Parser().parseString(blogRss(site, []));
    expect(feed.items).toEqual([]);
  });
});

const event = (id: number, title: string, start: string, end: string): EventItem => ({
  id,
  title,
  description: "Soupe partagée et troc de graines.",
  location: "Jardin des Brosses, Villeurbanne",
  start: new Date(start),
  endDate: new Date(end),
  content: "<p>Apportez un plat.</p>",
  plainText: "Apportez un plat.",
  image: null,
  imagesAnnexes: [],
  date: start.slice(0, 10),
  author: "admin",
  createdAt: new Date("2026-09-01T08:00:00Z"),
  isDemo: false,
  state: "publie",
  publishAt: null,
  publishedAt: new Date(start),
  imageAlts: {},
  updatedAt: new Date(start),
  updatedBy: null,
  signupsOpen: false,
  signupCapacity: null,
  signupClosesAt: null,
  signupQuestion: null,
  signupMaxPeople: 4,
  remindersQueuedAt: null,
  isPast: false,
});

describe("events calendar", () => {
  it("is iCalendar that a calendar reads: Paris time with its VTIMEZONE, one VEVENT per event", () => {
    const ics = eventsCalendar(site, [
      event(7, "Fête des récoltes", "2026-09-12T09:00:00Z", "2026-09-12T16:00:00Z"),
      event(8, "Assemblée générale", "2026-12-04T17:00:00Z", "2026-12-04T19:00:00Z"),
    ]);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const timezone = calendar.getFirstSubcomponent("vtimezone");
    expect(timezone?.getFirstPropertyValue("tzid")).toBe("Europe/Paris");
    const events = calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
    expect(events.map((e) => e.summary)).toEqual(["Fête des récoltes", "Assemblée générale"]);
    const [summer, winter] = events;
    // Local Paris times, in the time zone the calendar declares: 11:00 in summer (UTC+2), 18:00 in winter (UTC+1).
    expect(summer.startDate.toString()).toBe("2026-09-12T11:00:00");
    expect(summer.component.getFirstProperty("dtstart")?.getParameter("tzid")).toBe("Europe/Paris");
    expect(winter.startDate.toString()).toBe("2026-12-04T18:00:00");
    expect(winter.endDate.toString()).toBe("2026-12-04T20:00:00");
    expect(winter.location).toBe("Jardin des Brosses, Villeurbanne");
    expect(winter.uid).toBe("evenement-8@jardins.example.org");
    expect(winter.component.getFirstPropertyValue("url")).toBe("https://jardins.example.org/events/8");
    expect(winter.description).toContain("Apportez un plat.");
  });
});
