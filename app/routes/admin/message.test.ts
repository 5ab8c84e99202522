import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertContactMessage } from "../../../tests/factories";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { action, loader } from "./message";

const post = (id: number, fields: Record<string, string>) =>
  action(routeArgs(formPost(`/admin/messages/${id}`, fields), { params: { id: String(id) } }));

describeEachDatabase("/admin/messages/:id", () => {
  it("reads a message; an unknown or malformed id leads back to the list", async () => {
    const message = await insertContactMessage({ subject: "Visite des jardins" });
    expect(
      (await loader(routeArgs(new Request("http://localhost:3000/"), { params: { id: String(message.id) } }))).message
        .subject,
    ).toBe("Visite des jardins");
    for (const id of ["999999", "abc"]) {
      const thrown = await loader(routeArgs(new Request("http://localhost:3000/"), { params: { id } })).catch(
        (response: Response) => response,
      );
      expect((thrown as Response).headers.get("Location")).toBe("/admin/messages");
    }
  });

  it("deletes the message of its page only; anything else is refused and nothing is deleted", async () => {
    const shown = await insertContactMessage();
    const other = await insertContactMessage();
    expect(answered(await post(shown.id, { intent: "delete", id: String(other.id) })).status).toBe(400);
    expect(answered(await post(shown.id, { intent: "archive", id: String(shown.id) })).status).toBe(400);
    expect(answered(await post(shown.id, { id: String(shown.id) })).status).toBe(400);
    expect(await getDb().select().from(contactMessages)).toHaveLength(2);
    expect(
      ((await post(shown.id, { intent: "delete", id: String(shown.id) })) as Response).headers.get("Location"),
    ).toBe("/admin/messages");
    expect((await getDb().select().from(contactMessages)).map((m) => m.id)).toEqual([other.id]);
  });
});
