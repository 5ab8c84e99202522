import { describe, expect, it } from "vitest";
import { readFormData } from "./form-data.server";

const post = (body: string, type: string) =>
  new Request("http://localhost/login", { method: "POST", body, headers: { "Content-Type": type } });

describe("readFormData", () => {
  it("reads a form", async () => {
    const form = await readFormData(post("identifiant=marie&motDePasse=x", "application/x-www-form-urlencoded"));
    expect(Object.fromEntries(form)).toEqual({ identifiant: "marie", motDePasse: "x" });
  });

  it("cleans every name and value: no NUL or other control character reaches a schema or a query", async () => {
    const form = await readFormData(
      post("username=%00admin&password=x%01%7F&note=a%0D%0Ab%09c&%00k=v", "application/x-www-form-urlencoded"),
    );
    expect([...form]).toEqual([
      ["username", "admin"],
      ["password", "x"],
      ["note", "a\r\nb\tc"],
      ["k", "v"],
    ]);
  });

  it("reads a small multipart form, text only, and refuses a large one with 413", async () => {
    const body = new FormData();
    body.append("intent", "retry\u0000");
    body.append("photo", new File(["x"], "a.jpg"));
    const form = await readFormData(new Request("http://localhost/admin", { method: "POST", body }));
    expect([...form]).toEqual([["intent", "retry"]]);

    const large = new Request("http://localhost/admin", {
      method: "POST",
      body: "x",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(2 * 1024 * 1024) },
    });
    const error = await readFormData(large).catch((e: unknown) => e);
    expect(error).toMatchObject({ data: "Le formulaire envoyé est trop volumineux.", init: { status: 413 } });
  });

  it("answers 400 with a French message for a broken multipart body", async () => {
    const error = await readFormData(post("--x\r\nnot a part", "multipart/form-data; boundary=x")).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ data: "Le formulaire envoyé est illisible.", init: { status: 400 } });
  });
});
