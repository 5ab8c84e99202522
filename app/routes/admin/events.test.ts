import { expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { eq } from "drizzle-orm";
import { assemblies, events } from "~/db/schema";
import { markAssembly, unmarkAssembly } from "~/modules/assembly/assembly.server";
import { describeEachDatabase } from "../../../tests/db";
import { eventForm, insertEvent } from "../../../tests/factories";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { action } from "./events";

type Refusal = { message: string | null; field?: string; missing: string[] };

const marie = { id: null as unknown as number, username: "marie" };

async function post(fields: Record<string, string>, path = "/admin/events") {
  return action(routeArgs(formPost(path, fields), { admin: marie }));
}

const rows = () => getDb().select().from(events);

describeEachDatabase("/admin/events action", () => {
  it("saves an event with its Paris times as instants, the date of its start and author 'admin'", async () => {
    const result = (await post({
      intent: "save",
      ...eventForm({ start: "2026-12-04T18:00", end: "2026-12-04T20:30" }),
    })) as Response;
    expect(result.headers.get("Location")).toBe("/admin/events?fait=publie");
    const [saved] = await rows();
    expect(saved.start!.toISOString()).toBe("2026-12-04T17:00:00.000Z");
    expect(saved.endDate!.toISOString()).toBe("2026-12-04T19:30:00.000Z");
    expect(saved).toMatchObject({
      date: "2026-12-04",
      author: "admin",
      content: "<p>Venez nombreux !</p>",
      plainText: "Venez nombreux !",
    });
  });

  it("saves an event without a cover, with or without an empty image field", async () => {
    for (const image of ["", undefined]) {
      const result = (await post({ intent: "save", ...eventForm({ image }) })) as Response;
      expect(result.headers.get("Location")).toBe("/admin/events?fait=publie");
    }
    expect((await rows()).map((r) => r.image)).toEqual([null, null]);
  });

  it("a missing title, start, end or content gives no message, only the fields to mark, and keeps what was typed", async () => {
    const { status, value } = answered<Refusal & { values: { description: string } }>(
      await post({ intent: "save", ...eventForm({ title: "", end: "", description: "Apportez vos graines." }) }),
    );
    expect(status).toBe(400);
    expect(value.message).toBeNull();
    expect(value.missing).toEqual(["title", "end"]);
    expect(value.values.description).toBe("Apportez vos graines.");
    expect(await rows()).toEqual([]);
  });

  it.each([
    [
      "a start after the end",
      { start: "2026-12-04T18:00", end: "2026-12-04T17:59" },
      "La date de début ne peut pas être postérieure à la date de fin.",
    ],
    ["a date that does not exist", { start: "2026-02-30T10:00" }, "Date invalide"],
    ["a date of another shape", { end: "4 décembre" }, "Date invalide"],
    ["a title too long", { title: "t".repeat(201) }, "Ce texte est trop long (200 caractères maximum)."],
    ["a description too long", { description: "d".repeat(1001) }, "Ce texte est trop long (1000 caractères maximum)."],
  ])("refuses %s with its message and writes nothing", async (_case, overrides, message) => {
    const { status, value } = answered<Refusal>(await post({ intent: "save", ...eventForm(overrides) }));
    expect([status, value.message]).toEqual([400, message]);
    expect(await rows()).toEqual([]);
  });

  it("updates only the event its page shows, refuses an unknown intent, deletes by id", async () => {
    const shown = await insertEvent({ title: "Affiché" });
    const other = await insertEvent({ title: "Autre" });
    const save = (id: string, path: string) => post({ intent: "save", id, ...eventForm({ title: "Changé" }) }, path);
    expect(answered<Refusal>(await save(String(other.id), `/admin/events?edit=${shown.id}`)).status).toBe(400);
    expect(answered<Refusal>(await save("999999", "/admin/events?edit=999999")).status).toBe(404);
    expect(answered<Refusal>(await post({ intent: "publier-tout" })).status).toBe(400);
    expect(answered<Refusal>(await post({ intent: "delete", id: "999999" })).status).toBe(404);
    expect((await rows()).map((r) => r.title).sort()).toEqual(["Affiché", "Autre"]);

    expect(((await save(String(shown.id), `/admin/events?edit=${shown.id}`)) as Response).headers.get("Location")).toBe(
      "/admin/events?fait=maj",
    );
    expect(((await post({ intent: "delete", id: String(other.id) })) as Response).headers.get("Location")).toBe(
      "/admin/events?fait=supprime",
    );
    expect((await rows()).map((r) => r.title)).toEqual(["Changé"]);
  });

  it("keeps a general assembly's event: refused while marked, for good once convened", async () => {
    const event = await insertEvent({ title: "Assemblée générale 2027" });
    const assembly = await markAssembly(event.id, "ordinaire", getDb());
    const remove = async () => answered<Refusal>(await post({ intent: "delete", id: String(event.id) }));
    expect(await remove()).toMatchObject({
      status: 409,
      value: { message: expect.stringContaining("retirez d'abord la marque") },
    });
    await getDb().update(assemblies).set({ convokedAt: new Date() }).where(eq(assemblies.id, assembly.id));
    expect(await remove()).toMatchObject({
      status: 409,
      value: { message: expect.stringContaining("assemblée générale convoquée : il est gardé") },
    });
    expect((await rows()).map((r) => r.title)).toEqual(["Assemblée générale 2027"]);
    expect(await getDb().select().from(assemblies)).toHaveLength(1);
    // Marked by mistake and not convened: once the mark is off, the event goes.
    await getDb().update(assemblies).set({ convokedAt: null }).where(eq(assemblies.id, assembly.id));
    await unmarkAssembly(assembly.id, getDb());
    expect(((await post({ intent: "delete", id: String(event.id) })) as Response).headers.get("Location")).toBe(
      "/admin/events?fait=supprime",
    );
    expect(await rows()).toEqual([]);
  });

  it("a save the database refuses gives the spec's message and keeps what was typed", async () => {
    // The save and its history entry go in one transaction, which the database refuses.
    const insert = vi.spyOn(getDb(), "transaction").mockRejectedValue(new Error("disque plein"));
    try {
      const { status, value } = answered<Refusal & { values: { title: string } }>(
        await post({ intent: "save", ...eventForm({ title: "Gardé" }) }),
      );
      expect([status, value.message, value.values.title]).toEqual([500, "Erreur lors de l’enregistrement.", "Gardé"]);
    } finally {
      insert.mockRestore();
    }
    expect(await rows()).toEqual([]);
  });
});
