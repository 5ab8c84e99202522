import { describe, expect, it } from "vitest";
import { checkRequestBody, createNonce, isHttps, isSharedPage, securityHeaders } from "./security.server";

const post = (headers: Record<string, string>) =>
  new Request("http://localhost/login", { method: "POST", body: "x", headers, duplex: "half" } as RequestInit);

describe("checkRequestBody", () => {
  const form = { "Content-Type": "application/x-www-form-urlencoded" };

  it("lets small forms and reads through", () => {
    expect(checkRequestBody(new Request("http://localhost/"))).toBeNull();
    expect(checkRequestBody(post({ ...form, "Content-Length": "1000" }))).toBeNull();
    expect(
      checkRequestBody(post({ "Content-Type": "Multipart/Form-Data; boundary=x", "Content-Length": "1000" })),
    ).toBeNull();
  });

  it("refuses a form over 1 MB with 413, and a multipart form only over its own limit", () => {
    expect(checkRequestBody(post({ ...form, "Content-Length": String(1024 * 1024 + 1) }))?.status).toBe(413);
    const multipart = { "Content-Type": "multipart/form-data; boundary=x" };
    expect(checkRequestBody(post({ ...multipart, "Content-Length": String(20 * 1024 * 1024) }))).toBeNull();
    expect(checkRequestBody(post({ ...multipart, "Content-Length": String(46 * 1024 * 1024) }))?.status).toBe(413);
  });

  it("refuses a body of unknown length with 411", () => {
    const request = post(form);
    request.headers.delete("Content-Length");
    expect(checkRequestBody(request)?.status).toBe(411);
  });

  it.each([["application/json"], ["text/plain;charset=UTF-8"], ["application/xml"]])(
    "refuses a body that is not a form (%s) with 415 and a French message",
    async (type) => {
      const refused = checkRequestBody(post({ "Content-Type": type, "Content-Length": "1" }));
      expect(refused?.status).toBe(415);
      expect(await refused?.text()).toBe("Seuls les formulaires sont acceptés.");
    },
  );

  it("takes JSON at HelloAsso's notification address only", () => {
    const json = { "Content-Type": "application/json", "Content-Length": "20" };
    const notification = new Request("http://localhost/api/helloasso/notification", {
      method: "POST",
      body: "{}",
      headers: json,
    });
    expect(checkRequestBody(notification)).toBeNull();
    const elsewhere = new Request("http://localhost/api/helloasso/notification/x", {
      method: "POST",
      body: "{}",
      headers: json,
    });
    expect(checkRequestBody(elsewhere)?.status).toBe(415);
  });

  it("lets an empty body through whatever its type", () => {
    expect(checkRequestBody(post({ "Content-Type": "text/plain", "Content-Length": "0" }))).toBeNull();
  });
});

describe("security headers", () => {
  it("gives each request its own nonce", () => {
    expect(createNonce()).not.toBe(createNonce());
  });

  it("allow scripts by nonce only (in production) and forbid framing, plugins and <base>", () => {
    const csp = securityHeaders("abc", false, true)["Content-Security-Policy"];
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
  });

  it("let forms lead to the site and, after « Payer en ligne », to HelloAsso's pages only", () => {
    const csp = securityHeaders("abc", false, true)["Content-Security-Policy"];
    expect(csp).toMatch(
      /form-action 'self' https:\/\/helloasso\.com https:\/\/\*\.helloasso\.com https:\/\/helloasso-sandbox\.com https:\/\/\*\.helloasso-sandbox\.com(;|$)/,
    );
  });

  it("isolate every window but a public page's, which any cache may keep", () => {
    expect(securityHeaders("n", false)["Cross-Origin-Opener-Policy"]).toBe("same-origin");
    expect(securityHeaders("n", false, true, true)["Cross-Origin-Opener-Policy"]).toBeUndefined();
    const page = (cacheControl?: string) =>
      new Response("", { headers: cacheControl ? { "Cache-Control": cacheControl } : {} });
    expect(isSharedPage(page("public, max-age=0, s-maxage=60, stale-while-revalidate=600"))).toBe(true);
    expect(isSharedPage(page("private, no-store"))).toBe(false);
    expect(isSharedPage(page())).toBe(false);
    expect(isSharedPage(page("no-store, x-public-note"))).toBe(false);
  });

  it("add HSTS only over HTTPS, direct or behind a proxy", () => {
    expect(securityHeaders("n", false)["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders("n", true)["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
    expect(isHttps(new Request("https://jardins.example/"))).toBe(true);
    expect(isHttps(new Request("http://localhost/", { headers: { "X-Forwarded-Proto": "https" } }))).toBe(true);
    expect(isHttps(new Request("http://localhost/"))).toBe(false);
  });
});
