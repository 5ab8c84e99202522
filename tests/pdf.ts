/** A PDF's text, its pages merged, as unpdf reads it (the tests' way to check what a generated PDF says). */
export async function pdfText(data: Buffer | Uint8Array) {
  const { extractText, getDocumentProxy } = await import("unpdf");
  const pdf = await getDocumentProxy(new Uint8Array(data));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** A PDF's text page by page, to check what each printed page holds. */
export async function pdfPages(data: Buffer | Uint8Array) {
  const { extractText, getDocumentProxy } = await import("unpdf");
  const pdf = await getDocumentProxy(new Uint8Array(data));
  const { text } = await extractText(pdf, { mergePages: false });
  return text;
}
