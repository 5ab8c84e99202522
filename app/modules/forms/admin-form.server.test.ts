import { describe, expect, it } from "vitest";
import { AssemblyRefusal } from "~/modules/assembly/assembly.server";
import { TreasuryRefusal } from "~/modules/treasury/book.server";
import { EntryFieldRefusal } from "~/modules/treasury/entries.server";
import { refusedBy } from "./admin-form.server";
import { Refusal } from "./refusal.server";

const typed = () => {
  const form = new FormData();
  form.set("intent", "account-create");
  form.set("name", "Livret A");
  return form;
};

describe("one refusal, one answer (refusedBy)", () => {
  it("sends the form back with the refusal's message and status, and what was typed", () => {
    const answer = refusedBy(typed(), new TreasuryRefusal("L'exercice 2026 est clôturé."));
    expect(answer.init).toMatchObject({ status: 409 });
    expect(answer.data).toEqual({
      ok: false,
      intent: "account-create",
      message: "L'exercice 2026 est clôturé.",
      errors: {},
      values: { intent: "account-create", name: "Livret A" },
    });
  });

  it("puts a refusal about a field on that field, under the form's summary", () => {
    const answer = refusedBy(typed(), new Refusal("Ce nom est déjà pris.", 409, "name"), "Rien n'a été enregistré :");
    expect(answer.data).toMatchObject({
      message: "Rien n'a été enregistré :",
      errors: { name: "Ce nom est déjà pris." },
    });
    expect(refusedBy(typed(), new EntryFieldRefusal("date", "Date hors exercice.")).init).toMatchObject({
      status: 400,
    });
  });

  it("answers every module's refusal the same way, and throws on anything else", () => {
    for (const refusal of [new TreasuryRefusal("a"), new AssemblyRefusal("b", 404), new EntryFieldRefusal("", "c")])
      expect(refusal).toBeInstanceOf(Refusal);
    expect(refusedBy(typed(), new AssemblyRefusal("Cette assemblée n'existe plus.", 404)).init).toMatchObject({
      status: 404,
    });
    const bug = new TypeError("x is undefined");
    expect(() => refusedBy(typed(), bug)).toThrow(bug);
  });
});
