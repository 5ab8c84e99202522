import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { gardenerFees, gardenerPayments, history, volunteerMembers } from "~/db/schema";
import { parisToday } from "~/lib/paris-time";
import { describeEachDatabase } from "../../../tests/db";
import { insertEvent, insertGardener } from "../../../tests/factories";
import { actionOutcome, formPost, routeArgs } from "../../../tests/routes";
import { action as listAction } from "./assemblies";
import { action, loader } from "./assembly";
import { action as volunteersAction, loader as volunteersLoader } from "./assembly-volunteers";

const admin = { id: null as unknown as number, username: "bureau" };
const PATH = "/admin/assemblees/membres";
const postVolunteers = async (fields: Record<string, string>) =>
  actionOutcome(await volunteersAction(routeArgs(formPost(PATH, fields), { admin })));

const rules = {
  intent: "settings",
  kind: "ordinaire",
  convocationDays: "15",
  voiceBasis: "membre",
  maxProxies: "2",
  quorumPercent: "25",
  majority: "simple",
};

describeEachDatabase("/admin/assemblees/membres and who is a member", () => {
  it("adds a member without a plot, refuses a bad address or a date to come in French, ends and deletes the record", async () => {
    expect(
      await postVolunteers({ intent: "add", familyName: "", email: "pas une adresse", startDate: "2099-01-01" }),
    ).toMatchObject({
      status: 400,
      value: {
        ok: false,
        message: "Le membre n'a pas été ajouté :",
        errors: {
          familyName: "Indiquez le nom de famille du membre.",
          email: "Format d'email invalide",
          startDate: "La date d'adhésion ne peut pas être après aujourd'hui : le registre note ce qui a déjà eu lieu.",
        },
      },
    });
    expect(await getDb().select().from(volunteerMembers)).toHaveLength(0);

    expect(
      await postVolunteers({
        intent: "add",
        familyName: "Estève",
        givenNames: "Élise",
        email: "elise@example.fr",
        address: "2 place de la Mairie, 69290 Craponne",
        startDate: "2025-03-12",
        note: "Bénévole du compost",
      }),
    ).toMatchObject({
      status: 200,
      value: { ok: true, message: "Élise Estève est membre de l'association depuis le 12 mars 2025." },
    });
    const [elise] = await getDb().select().from(volunteerMembers);
    const screen = await volunteersLoader();
    expect(screen.current).toMatchObject([{ name: "Estève, Élise", since: "12 mars 2025", ended: null }]);

    expect(await postVolunteers({ intent: "end", id: String(elise!.id), endDate: "2099-12-31" })).toMatchObject({
      status: 400,
    });
    const today = parisToday();
    expect(await postVolunteers({ intent: "end", id: String(elise!.id), endDate: today })).toMatchObject({
      value: { ok: true },
    });
    expect((await volunteersLoader()).former).toHaveLength(1);
    // Ended once: a second end finds nothing to end.
    expect(await postVolunteers({ intent: "end", id: String(elise!.id), endDate: today })).toMatchObject({
      status: 404,
    });
    expect(await postVolunteers({ intent: "delete", id: String(elise!.id) })).toMatchObject({
      value: { ok: true, message: "Fiche d'Élise Estève supprimée." },
    });
    expect(await getDb().select().from(volunteerMembers)).toHaveLength(0);
    const kinds = (await getDb().select().from(history)).map((h) => h.kind).sort();
    expect(kinds).toEqual(["membre.ajout", "membre.fin", "membre.suppression"]);
  });

  it("shows on the assembly's page who the rule makes a member and why, and asks the fee's year with « à jour de cotisation »", async () => {
    const event = (await insertEvent({
      title: "AG",
      start: new Date(Date.now() + 40 * 86_400_000),
      location: "Salle",
    }))!;
    const created = (await listAction(
      routeArgs(formPost("/admin/assemblees", { eventId: String(event.id), kind: "ordinaire" }), { admin }),
    )) as Response;
    const id = created.headers.get("Location")!.split("/").pop()!;
    const path = `/admin/assemblees/${id}`;
    const paid = await insertGardener({ name: "Aïcha Aïdi" });
    await insertGardener({ name: "Bruno Bastide" });
    await postVolunteers({ intent: "add", familyName: "Vial", givenNames: "Gérard", startDate: "2024-04-06" });
    const [fee] = await getDb()
      .insert(gardenerFees)
      .values({ gardenerId: paid.id, year: 2026, amountCents: 4500, dueOn: "2026-03-31" })
      .returning();
    await getDb().insert(gardenerPayments).values({
      gardenerId: paid.id,
      kind: "cotisation",
      year: 2026,
      amountCents: 4500,
      paidOn: "2026-03-01",
      feeId: fee!.id,
    });

    const screen = () => loader(routeArgs(new Request(`http://localhost:3000${path}`), { admin, params: { id } }));
    expect((await screen()).membership).toEqual({
      rule: "Tous les jardiniers actuels",
      members: [
        { key: `g${paid.id}`, name: "Aïdi, Aïcha", reason: "Jardinier actuel", voices: 1 },
        expect.objectContaining({ name: "Bastide, Bruno", reason: "Jardinier actuel" }),
        expect.objectContaining({
          name: "Vial, Gérard",
          reason: "Membre ajouté par le bureau (depuis le 6 avril 2024)",
        }),
      ],
      excluded: [],
    });

    const post = async (fields: Record<string, string>) =>
      actionOutcome(await action(routeArgs(formPost(path, fields), { admin, params: { id } })));
    expect(await post({ ...rules, membership: "cotisation", membershipFeeYear: "" })).toMatchObject({
      status: 400,
      value: { errors: { membershipFeeYear: "Indiquez l'année de la cotisation à régler, par exemple 2026." } },
    });
    expect(await post({ ...rules, membership: "cotisation", membershipFeeYear: "2026" })).toMatchObject({
      value: { ok: true },
    });
    const after = await screen();
    expect(after.settings).toMatchObject({ membership: "cotisation", membershipFeeYear: "2026" });
    expect(after.membership!.members.map((m) => [m.name, m.reason])).toEqual([
      ["Aïdi, Aïcha", "Cotisation 2026 réglée"],
      ["Vial, Gérard", "Membre ajouté par le bureau (depuis le 6 avril 2024)"],
    ]);
    expect(after.membership!.excluded).toEqual([{ name: "Bastide, Bruno", reason: "pas de cotisation 2026 appelée" }]);
    expect(after.toConvene.members).toBe(2);
  });
});
