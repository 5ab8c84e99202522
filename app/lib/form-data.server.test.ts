import { describe, expect, it } from "vitest";
import { readFormData } from "./form-data.server";

const post = (body: string, type: string) =>
  new Request("http://localhost/login", { method: "POST", body, headers: { "Content-Type": type } });

describe("readFormData", () => {
  it("reads a form", async () => {
    const form = await readFormData(post("identifiant=marie&motDePasse=x", "application/x-www-form-urlencoded"));
    expect(Object.fromEntries(form)).toEqual({ identifiant: "marie", motDePasse: "x" });
  });

  it("answers 400 with a French message for a broken multipart body", async () => {
    const error = await readFormData(post("--x\r\nnot a part", "multipart/form-data; boundary=x")).catch((e: unknown) => e);
    expect(error).toMatchObject({ data: "Le formulaire envoyé est illisible.", init: { status: 400 } });
  });
});
