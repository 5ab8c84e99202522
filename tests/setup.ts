import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, vi } from "vitest";

// Each test file gets its own data directory and secret; nothing is written into the project.
process.env.LOG_LEVEL ??= "silent";
process.env.NODE_ENV = "test";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "potager-test-"));
process.env.SESSION_SECRET = crypto.randomBytes(32).toString("base64url");
// Nothing leaves the machine: the weather service is a closed local port unless a test starts a fake one.
process.env.WEATHER_URL ??= "http://127.0.0.1:2/forecast";
process.env.AIR_QUALITY_URL ??= "http://127.0.0.1:2/air-quality";

// An unexpected console.error during a test is a failure, not noise.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length) throw new Error(`console.error pendant le test : ${errors.map((e) => e.join(" ")).join("\n")}`);
});
