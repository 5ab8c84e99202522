import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Image } from "./Image";
import { ImageField } from "./form/ImageField";

const hash = "0123456789abcdef0123456789abcdef";
describe("<Image>", () => {
  it("renders a stored image as <picture> with WebP and JPEG srcsets, size and lazy loading", () => {
    const html = renderToStaticMarkup(
      <Image
        src={`/media/${hash}-1200x800-1200.jpg`}
        alt="Les parcelles au printemps"
        sizes="(min-width: 768px) 50vw, 100vw"
      />,
    );
    expect(html).toContain("<picture");
    expect(html).toContain(
      `<source type="image/webp" srcSet="/media/${hash}-1200x800-400.webp 400w, /media/${hash}-1200x800-680.webp 680w, /media/${hash}-1200x800-800.webp 800w, /media/${hash}-1200x800-1200.webp 1200w" sizes="(min-width: 768px) 50vw, 100vw"/>`,
    );
    expect(html).toContain(`src="/media/${hash}-1200x800-1200.jpg"`);
    expect(html).toContain(`/media/${hash}-1200x800-400.jpg 400w`);
    expect(html).toContain('width="1200" height="800"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('alt="Les parcelles au printemps"');
  });

  it("loads the main image eagerly with high priority", () => {
    const html = renderToStaticMarkup(<Image src={`/media/${hash}-1200x800-1200.jpg`} alt="" priority />);
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
  });

  it("announces the main image in <head>, with the WebP srcset the browser will pick from", () => {
    const page = (image: React.ReactNode) =>
      renderToStaticMarkup(
        <html lang="fr">
          <head />
          <body>{image}</body>
        </html>,
      );
    const src = `/media/${hash}-1200x800-1200.jpg`;
    const head = /<head>(.*)<\/head>/.exec(page(<Image src={src} alt="" sizes="50vw" priority />))![1];
    expect(head).toBe(
      `<link rel="preload" as="image" type="image/webp" fetchPriority="high" imageSrcSet="/media/${hash}-1200x800-400.webp 400w, /media/${hash}-1200x800-680.webp 680w, /media/${hash}-1200x800-800.webp 800w, /media/${hash}-1200x800-1200.webp 1200w" imageSizes="50vw"/>`,
    );
    expect(page(<Image src={src} alt="" />)).toContain("<head></head>");
  });

  it("describes a narrow image's variants by their real widths", () => {
    const html = renderToStaticMarkup(<Image src={`/media/${hash}-600x900-1200.jpg`} alt="" />);
    expect(html).toContain(`/media/${hash}-600x900-400.webp 400w, /media/${hash}-600x900-1200.webp 600w"`);
    expect(html).not.toContain("-680.");
    expect(html).not.toContain("-800.");
    expect(html).toContain('width="600" height="900"');
    const wider = renderToStaticMarkup(<Image src={`/media/${hash}-760x1050-1200.jpg`} alt="" />);
    expect(wider).toContain(
      `/media/${hash}-760x1050-400.webp 400w, /media/${hash}-760x1050-680.webp 680w, /media/${hash}-760x1050-1200.webp 760w"`,
    );
  });

  it("renders any other URL as a plain <img>, and nothing without a URL", () => {
    const html = renderToStaticMarkup(
      <Image src="https://res.example.com/old.jpg" alt="Ancienne photo" width={400} height={300} />,
    );
    expect(html).toBe(
      '<img src="https://res.example.com/old.jpg" alt="Ancienne photo" width="400" height="300" loading="lazy" decoding="async"/>',
    );
    expect(renderToStaticMarkup(<Image src={null} alt="" />)).toBe("");
  });
});

describe("<ImageField>", () => {
  it("has a label, an image-only file input, the current preview, a remove button and the URL in a hidden input", () => {
    const html = renderToStaticMarkup(
      <ImageField name="image" label="Photo de couverture" defaultValue={`/media/${hash}-1200x800-1200.jpg`} />,
    );
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Photo de couverture<\/label>/);
    expect(html).toContain('type="file" accept="image/*"');
    expect(html).toContain(`<input type="hidden" name="image" value="/media/${hash}-1200x800-1200.jpg"/>`);
    expect(html).toContain(`src="/media/${hash}-1200x800-400.jpg" alt="Aperçu : Photo de couverture"`);
    expect(html).toContain(">Supprimer l’image</button>");
  });

  it("keeps the file itself in the form in file mode", () => {
    const html = renderToStaticMarkup(<ImageField name="photo1" label="Photo 1" mode="file" />);
    expect(html).toContain('name="photo1"');
    expect(html).not.toContain('type="hidden"');
  });
});
