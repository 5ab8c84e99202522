// Vite plugin: writes a brotli (quality 11) and a gzip (level 9) copy next to each browser asset, once, at build
// time. The server sends them as they are, instead of compressing every download again at a lower level.
import fsp from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(?:js|css|svg|json|txt)$/;
// Below this, compression saves less than a network packet.
const MIN_BYTES = 1024;

export function precompressAssets(): Plugin {
  return {
    name: "potager:precompress-assets",
    apply: "build",
    async writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => COMPRESSIBLE.test(fileName))
          .map(async (fileName) => {
            const file = path.join(options.dir!, fileName);
            const data = await fsp.readFile(file);
            if (data.length < MIN_BYTES) return;
            const brotli = zlib.brotliCompressSync(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            });
            await fsp.writeFile(`${file}.br`, brotli);
            await fsp.writeFile(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
          }),
      );
    },
  };
}
