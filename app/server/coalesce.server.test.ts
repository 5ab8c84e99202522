import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { coalesceChunks } from "./coalesce.server";

function collect(stream: NodeJS.ReadableStream) {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return new Promise<string[]>((resolve) => stream.on("end", () => resolve(chunks)));
}

describe("coalesceChunks", () => {
  it("joins the chunks written in one turn of the event loop, in order", async () => {
    const source = new PassThrough();
    const output = collect(source.pipe(coalesceChunks()));
    for (const part of ["<html>", "<head>", "</head>", "<body>"]) source.write(part);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    source.write("later");
    source.end("</body></html>");
    expect(await output).toEqual(["<html><head></head><body>", "later</body></html>"]);
  });

  it("passes an empty stream through", async () => {
    const source = new PassThrough();
    const output = collect(source.pipe(coalesceChunks()));
    source.end();
    expect(await output).toEqual([]);
  });
});
