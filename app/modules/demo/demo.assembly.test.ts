import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as tables from "~/db/schema";
import { agendaOf, membersOf, quorumOf } from "~/modules/assembly/assembly.server";
import { describeEachDatabase } from "../../../tests/db";
import { usePrivateDocumentsDir } from "../../../tests/documents";
import { removeDemoContent, seedDemoContent } from "./demo.server";

describeEachDatabase("demo general assembly", () => {
  usePrivateDocumentsDir();

  it("is convened with its agenda and last year's minutes, some answers and proxies, and goes with the demo", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    expect(await seedDemoContent(now)).toBe(true);
    const [assembly] = await getDb().select().from(tables.assemblies);
    expect(assembly).toMatchObject({ kind: "ordinaire", isDemo: true, maxProxies: 2 });
    expect(assembly!.convokedAt!.getTime()).toBe(now.getTime() - 5 * 86_400_000);
    expect(assembly!.documentIds).toHaveLength(1);
    const agenda = await agendaOf(assembly!.id);
    expect(agenda.filter((i) => i.isResolution)).toHaveLength(4);
    expect(agenda.filter((i) => i.isElection).map((i) => i.title)).toEqual(["Élection du bureau"]);
    expect((await getDb().select().from(tables.associationOfficers)).map((o) => o.name)).toEqual([
      "Marie Lambert",
      "Karim Benali",
      "Hélène Rousseau",
    ]);
    const members = await membersOf(assembly!.id);
    const current = await getDb().select().from(tables.gardeners);
    // The current gardeners, and the member the bureau added by hand (no plot).
    expect(members).toHaveLength(current.filter((g) => g.endDate === null).length + 1);
    expect(members.find((m) => m.volunteerId !== null)).toMatchObject({
      name: "Gérard Vial",
      reason: "Membre ajouté par le bureau (depuis le 6 avril 2024)",
    });
    expect(members.every((m) => m.linkHash)).toBe(true);
    const answers = members.map((m) => m.answer).filter(Boolean);
    expect(answers.toSorted()).toEqual(["absent", "pouvoir", "pouvoir", "pouvoir", "present", "present", "present"]);
    const held = members.map((m) => members.filter((x) => x.proxyHolderId === m.id).length);
    expect(Math.max(...held)).toBe(2);
    expect(quorumOf(members, assembly!.quorumPercent).reached).toBe(false);
    expect(await getDb().select().from(tables.outbox)).toHaveLength(0);

    await removeDemoContent();
    expect(await getDb().select().from(tables.assemblies)).toHaveLength(0);
    expect(await getDb().select().from(tables.assemblyMembers)).toHaveLength(0);
    expect(await getDb().select().from(tables.volunteerMembers)).toHaveLength(0);
    expect(await getDb().select().from(tables.associationOfficers)).toHaveLength(0);
  });
});
