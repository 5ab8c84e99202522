import { describe, expect, it } from "vitest";
import { stylesheetSubset } from "./stylesheet-subset.server";

const page = (body: string) =>
  `<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/></head><body>${body}</body></html>`;

describe("stylesheetSubset", () => {
  it("keeps the rules of the page's classes and elements, in their order, and drops the others", () => {
    const subset = stylesheetSubset(
      "*,:after{box-sizing:border-box}.flex{display:flex}.grid{display:grid}h1{font-size:2em}.p-4{padding:1rem}",
    );
    expect(subset(page('<div class="p-4 flex">x</div>'))).toBe(
      "*,:after{box-sizing:border-box}.flex{display:flex}.p-4{padding:1rem}",
    );
    expect(subset(page('<h1 class="grid">x</h1>'))).toBe(
      "*,:after{box-sizing:border-box}.grid{display:grid}h1{font-size:2em}",
    );
  });

  it("needs the element types of a selector, as HTML writes them in any case", () => {
    const subset = stylesheetSubset(
      "abbr:where([title]){a:1}b,strong{a:2}:where(select:is([multiple],[size])) optgroup{a:3}.rich-text :where(ul){a:4}::placeholder{a:5}#x,:root{a:6}",
    );
    expect(subset(page('<STRONG>x</STRONG><div class="rich-text"><ol></ol></div>'))).toBe(
      "b,strong{a:2}::placeholder{a:5}#x,:root{a:6}",
    );
    expect(
      subset(
        page('<abbr title="t">x</abbr><select multiple><optgroup></optgroup></select><ul class="rich-text"></ul>'),
      ),
    ).toBe(
      "abbr:where([title]){a:1}:where(select:is([multiple],[size])) optgroup{a:3}.rich-text :where(ul){a:4}::placeholder{a:5}#x,:root{a:6}",
    );
  });

  it("reads escaped class names, variants and HTML entities as the browser does", () => {
    const subset = stylesheetSubset(
      ".md\\:grid-cols-2{a:b}.w-1\\/2{c:d}.\\[\\&\\>\\*\\]\\:max-w-xl>*{e:f}.hover\\:bg-brand-800:hover{g:h}.py-2\\.5{i:j}.\\31 0{k:l}.gap-2{m:n}",
    );
    expect(
      subset(page('<ul class="md:grid-cols-2 w-1/2 [&amp;&gt;*]:max-w-xl hover:bg-brand-800 py-2.5 10">x</ul>')),
    ).toBe(
      ".md\\:grid-cols-2{a:b}.w-1\\/2{c:d}.\\[\\&\\>\\*\\]\\:max-w-xl>*{e:f}.hover\\:bg-brand-800:hover{g:h}.py-2\\.5{i:j}.\\31 0{k:l}",
    );
  });

  it("keeps a rule when any selector of its list can match, and needs every class of a compound selector", () => {
    const subset = stylesheetSubset(".a .b,.c{x:1}.a.d{x:2}.group:hover .group-hover\\:x{x:3}");
    expect(subset(page('<p class="c a">x</p>'))).toBe(".a .b,.c{x:1}");
    expect(subset(page('<p class="group"><a class="group-hover:x">x</a></p>'))).toBe(
      ".group:hover .group-hover\\:x{x:3}",
    );
  });

  it("needs the classes of a single-selector :where() or :is(), never those of :not() or :has()", () => {
    const subset = stylesheetSubset(
      ":where(.space-y-4>:not(:last-child)){m:1}.x:not(.y){m:2}:is(.a,.b) p{m:3}.z:has(.w){m:4}",
    );
    expect(subset(page('<p class="x z">x</p>'))).toBe(".x:not(.y){m:2}:is(.a,.b) p{m:3}.z:has(.w){m:4}");
    expect(subset(page('<div class="space-y-4">x</div>'))).toContain(":where(.space-y-4>:not(:last-child)){m:1}");
  });

  it("keeps an @media, @supports or @layer block only with the rules of it that are kept", () => {
    const subset = stylesheetSubset(
      "@layer theme,base;@layer utilities{.a{x:1}@media (width>=48rem){.md\\:a{x:2}.md\\:b{x:3}}@supports (color:red){.c{x:4}}}",
    );
    expect(subset(page('<p class="a md:b">x</p>'))).toBe(
      "@layer theme,base;@layer utilities{.a{x:1}@media (width>=48rem){.md\\:b{x:3}}}",
    );
    expect(subset(page("<p>x</p>"))).toBe("@layer theme,base;");
  });

  it("keeps the custom properties the kept rules read, and those they read in turn, and their registrations", () => {
    const subset = stylesheetSubset(
      ":root,:host{--font-sans:system-ui;--default-font-family:var(--font-sans);--color-red:red;--color-green:green;--unused:1}" +
        "@layer properties{*,:before{--tw-shadow:0 0 #0000;--tw-ring:none}}" +
        "html{font-family:var(--default-font-family)}.text-green{color:var(--color-green)}.text-red{color:var(--color-red)}" +
        ".shadow{--tw-shadow:0 1px red;box-shadow:var(--tw-shadow)}" +
        '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-ring{syntax:"*";inherits:false}',
    );
    expect(subset(page('<p class="text-green shadow" style="border-color:var(--color-red)">x</p>'))).toBe(
      ":root,:host{--font-sans:system-ui;--default-font-family:var(--font-sans);--color-red:red;--color-green:green}" +
        "@layer properties{*,:before{--tw-shadow:0 0 #0000}}" +
        "html{font-family:var(--default-font-family)}.text-green{color:var(--color-green)}" +
        ".shadow{--tw-shadow:0 1px red;box-shadow:var(--tw-shadow)}" +
        '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
    );
  });

  it("keeps an animation's keyframes only when a kept rule names them", () => {
    const subset = stylesheetSubset(
      ":root{--animate-spin:spin 1s linear infinite}.animate-spin{animation:var(--animate-spin)}@keyframes spin{to{transform:rotate(360deg)}}@keyframes ping{75%,to{opacity:0}}",
    );
    expect(subset(page('<svg class="animate-spin"></svg>'))).toBe(
      ":root{--animate-spin:spin 1s linear infinite}.animate-spin{animation:var(--animate-spin)}@keyframes spin{to{transform:rotate(360deg)}}",
    );
    expect(subset(page("<p>x</p>"))).toBe("");
  });

  it("is not misled by braces, commas and dots in strings, attribute selectors and comments", () => {
    const subset = stylesheetSubset(
      '/* .a{} */.after\\:x:after{content:"}{,."}a[href$=".pdf"]{x:1}.b[data-x="a,.c"]{x:2}.q{quotes:"{" "}"}',
    );
    expect(subset(page('<a class="after:x b" href="a.pdf">x</a>'))).toBe(
      '.after\\:x:after{content:"}{,."}a[href$=".pdf"]{x:1}.b[data-x="a,.c"]{x:2}',
    );
  });
});
