import { expect, it } from "vitest";
import { answered } from "../../../tests/routes";
import { action, loader } from "./not-found";

it("answers an /admin address that names no screen with a 404, in the back-office rather than on the home page", () => {
  expect(answered(loader()).status).toBe(404);
  expect(answered(action()).status).toBe(404);
});
