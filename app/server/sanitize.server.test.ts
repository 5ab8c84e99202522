import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./sanitize.server";

describe("sanitizeRichText", () => {
  it("keeps the editor's formatting", () => {
    const html =
      '<p class="ql-align-center">Bonjour <strong>gras</strong> <em>italique</em> <u>souligné</u> <s>barré</s><br></p>' +
      '<p><span class="ql-size-large ql-font-serif" style="color: rgb(230, 0, 0); background-color: #ffff00;">couleur</span></p>';
    expect(sanitizeRichText(html)).toBe(
      '<p class="ql-align-center">Bonjour <strong>gras</strong> <em>italique</em> <u>souligné</u> <s>barré</s><br /></p>' +
        '<p><span class="ql-size-large ql-font-serif" style="color:rgb(230, 0, 0);background-color:#ffff00">couleur</span></p>',
    );
  });

  it("keeps lists with their Quill kind", () => {
    expect(
      sanitizeRichText(
        '<ol><li data-list="bullet">a</li><li data-list="ordered" class="ql-align-right">b</li></ol><ul><li>c</li></ul>',
      ),
    ).toBe(
      '<ol><li data-list="bullet">a</li><li class="ql-align-right" data-list="ordered">b</li></ol><ul><li>c</li></ul>',
    );
    expect(sanitizeRichText('<ol><li data-list="x" onclick="y">a</li></ol>')).toBe("<ol><li>a</li></ol>");
  });

  it("limits links to http, https, mailto and tel and opens them safely", () => {
    expect(sanitizeRichText('<a href="https://exemple.fr">a</a>')).toBe(
      '<a href="https://exemple.fr" target="_blank" rel="noopener noreferrer">a</a>',
    );
    expect(sanitizeRichText('<a href="mailto:a@b.fr">m</a><a href="tel:+33612345678">t</a>')).toContain(
      'href="mailto:a@b.fr"',
    );
    expect(sanitizeRichText('<a href="tel:+33612345678">t</a>')).toContain('href="tel:+33612345678"');
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,x",
      "//evil.fr",
      "ftp://x.fr",
      "vbscript:x",
    ]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`)).not.toContain("href");
    }
  });

  it("removes scripts, event handlers, other tags, classes and styles", () => {
    const dirty =
      '<script>alert(1)</script><img src=x onerror="alert(1)"><iframe src="https://x"></iframe>' +
      '<p onclick="x" class="evil ql-align-center" style="position:fixed; color: red">t</p>' +
      '<span style="color: url(javascript:alert(1)); background-color: expression(x)">c</span><h1>Titre</h1>';
    expect(sanitizeRichText(dirty)).toBe('<p class="ql-align-center" style="color:red">t</p><span>c</span>Titre');
  });

  it("returns an empty string for nothing", () => {
    expect(sanitizeRichText(null)).toBe("");
    expect(sanitizeRichText(undefined)).toBe("");
  });
});
