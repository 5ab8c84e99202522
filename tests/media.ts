import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { setMediaDir } from "~/modules/media/media.server";

/** Points the media module at an empty folder of its own for each test; returns a getter for that folder. */
export function usePrivateMediaDir() {
  let root: string;
  let dir: string;
  beforeAll(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-media-test-"));
  });
  afterAll(async () => {
    setMediaDir(undefined);
    await fsp.rm(root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(root, "media-"));
    setMediaDir(dir);
  });
  return () => dir;
}
