import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { eventRegistrations } from "~/db/schema";
import { letterScreen } from "~/modules/newsletter/letters.admin.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertEvent } from "../../../tests/factories";
import { attendanceSheet } from "./registrations.admin.server";
import { signupsAndPeople } from "./registrations.messages";
import { cancelColumns } from "./registrations.server";

it("counts sign-ups and people in one wording", () => {
  expect(signupsAndPeople(6, 8)).toBe("6 inscriptions, 8 personnes");
  expect(signupsAndPeople(1, 1)).toBe("1 inscription, 1 personne");
});

describeEachDatabase("the day's list", () => {
  it("lists those who hold a place by family name, the waiting list after in its order; the letter counts alike", async () => {
    const event = (await insertEvent({ title: "Assemblée", signupsOpen: true }))!;
    const signup = (name: string, people: number, status: "inscrit" | "attente", minutes: number) => ({
      eventId: event.id,
      name,
      email: `${name.toLowerCase().replace(/\W/g, "")}@example.fr`,
      people,
      status,
      ...cancelColumns(),
      createdAt: new Date(Date.UTC(2026, 10, 1, 10, minutes)),
    });
    await getDb()
      .insert(eventRegistrations)
      .values([
        signup("Zoé Aubert", 2, "inscrit", 1),
        signup("Élodie Zola", 1, "inscrit", 2),
        signup("Arthur Martin", 2, "inscrit", 3),
        signup("Aïcha Martin", 1, "inscrit", 4),
        signup("Yann Le Goff", 1, "attente", 5),
        signup("Bruno Abel", 1, "attente", 6),
      ]);
    const sheet = await attendanceSheet(String(event.id));
    expect(sheet.present.rows.map((r) => r.name)).toEqual([
      "Aubert, Zoé",
      "Martin, Aïcha",
      "Martin, Arthur",
      "Zola, Élodie",
    ]);
    expect(sheet.waiting.rows.map((r) => r.name)).toEqual(["Yann Le Goff", "Bruno Abel"]);
    expect(signupsAndPeople(sheet.present.rows.length, sheet.present.people)).toBe("4 inscriptions, 6 personnes");

    const letter = await letterScreen(
      "nouvelle",
      new URL(`http://localhost/admin/lettre/nouvelle?inscrits=${event.id}`),
      null,
    );
    expect(letter.audience).toBe("4 inscriptions, 6 personnes à « Assemblée »");
  });
});
