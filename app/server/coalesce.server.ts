import { Transform } from "node:stream";

/**
 * Joins the chunks written within one turn of the event loop into one. React writes a page as many small chunks;
 * compression (zlib, brotli) costs per chunk, so one large write is much cheaper.
 */
export function coalesceChunks(): Transform {
  let chunks: Buffer[] = [];
  let scheduled = false;
  const stream: Transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          const joined = Buffer.concat(chunks);
          chunks = [];
          if (joined.length) stream.push(joined);
        });
      }
      callback();
    },
    flush(callback) {
      const joined = Buffer.concat(chunks);
      chunks = [];
      callback(null, joined.length ? joined : undefined);
    },
  });
  return stream;
}
