import { eq } from "drizzle-orm";
import { expect, it, onTestFinished } from "vitest";
import { getDb } from "~/db/client.server";
import { adminInvitations, adminSites, admins, history, outbox, sessions } from "~/db/schema";
import { env } from "~/server/env.server";
import { createAdmin, getSessionAdmin, signIn } from "~/modules/auth/auth.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertContent, insertSite } from "../../../tests/factories";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { action } from "./accounts";
import type { Role } from "~/modules/auth/roles";
import { action as acceptAction, loader as invitationLoader } from "../invitation";

const PASSWORD = "groseilles-sous-la-pergola-1907";
const post = (
  admin: { id: number; username: string; role?: Role },
  fields: Record<string, string> | [string, string][],
  cookie = "",
) => {
  const request = formPost("/admin/comptes", fields);
  if (cookie) request.headers.set("Cookie", cookie);
  return action(routeArgs(request, { admin }));
};
const snapshot = async () => ({
  admins: await getDb().select().from(admins).orderBy(admins.id),
  invitations: await getDb().select().from(adminInvitations),
  history: await getDb().select().from(history),
});

describeEachDatabase("/admin/comptes action", () => {
  it("changes one's password when the current one is right and the new one strong; other sessions end", async () => {
    const marie = await createAdmin("marie", PASSWORD);
    const here = await signIn("marie", PASSWORD, "203.0.113.7");
    await signIn("marie", PASSWORD, "198.51.100.4");
    const cookie = `session=${here.ok ? here.token : ""}`;
    const change = (current: string, password: string, confirmation = password) =>
      post(marie, { intent: "password", current, password, confirmation }, cookie);
    expect(answered(await change("faux", "rhubarbe-et-capucines-2031")).value).toMatchObject({
      field: "current",
      message: "Mot de passe actuel incorrect.",
    });
    expect(answered(await change(PASSWORD, "rhubarbe-et-capucines-2031", "autre"))).toMatchObject({
      status: 400,
      value: { field: "confirmation" },
    });
    expect(answered(await change(PASSWORD, "motdepasse123")).value).toMatchObject({
      field: "password",
      message: expect.stringMatching(/trop facile à deviner/),
    });
    expect(await getDb().select().from(sessions)).toHaveLength(2);
    expect(await change(PASSWORD, "rhubarbe-et-capucines-2031")).toMatchObject({
      ok: true,
      message: "Mot de passe changé. Vos autres sessions ont été fermées.",
    });
    expect(await getDb().select().from(sessions)).toHaveLength(1);
    expect((await signIn("marie", "rhubarbe-et-capucines-2031", "192.0.2.1")).ok).toBe(true);
  });

  it("invites with a one-time link valid 48 h; the invited person chooses a strong password; the link then stops working", async () => {
    const marie = await createAdmin("marie", PASSWORD);
    const invited = await post(marie, { intent: "invite", username: "alain", email: "", role: "administrateur" });
    if (!("link" in invited) || !invited.link) throw new Error("no link");
    const token = new URL(invited.link).pathname.split("/").pop()!;
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [row] = await getDb().select().from(adminInvitations);
    expect(row.tokenHash).not.toContain(token);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(47.9 * 3600_000);
    expect(answered(await post(marie, { intent: "invite", username: "alain", role: "redacteur" })).status).toBe(409);
    expect(answered(await post(marie, { intent: "invite", username: "marie", role: "redacteur" })).status).toBe(409);
    expect(answered(await post(marie, { intent: "invite", username: "a b", role: "redacteur" })).status).toBe(400);

    const accept = (password: string, confirmation = password) =>
      acceptAction(routeArgs(formPost(`/invitation/${token}`, { password, confirmation }), { params: { token } }));
    expect(answered(await accept("azertyuiop12")).value).toMatchObject({ field: "password" });
    expect(((await accept("rhubarbe-et-capucines-2031")) as Response).headers.get("Location")).toBe(
      "/login?compte-pret",
    );
    expect((await signIn("alain", "rhubarbe-et-capucines-2031", "203.0.113.7")).ok).toBe(true);
    expect(answered(await accept("rhubarbe-et-capucines-2031")).status).toBe(404);
    const gone = await invitationLoader(routeArgs(new Request("http://localhost:3000/"), { params: { token } })).catch(
      (error) => error,
    );
    expect(gone.init.status).toBe(404);
    expect((await getDb().select().from(history)).map((e) => [e.actor, e.kind, e.target])).toEqual([
      ["marie", "compte.invitation", "compte « alain »"],
      ["alain", "compte.creation", "compte « alain »"],
      ["alain", "connexion", null],
    ]);
  });

  it("e-mails the invitation in the inviter's name, for the association's site, saying what the link does and until when", async () => {
    const marie = await createAdmin("marie", PASSWORD);
    await getDb().update(admins).set({ displayName: "Marie Lefèvre" }).where(eq(admins.id, marie.id));
    await insertContent({ nomAssociation: "Jardins de l'Est", email: "bureau@jardins-est.example" });
    // The invitation is e-mailed only when the site has an SMTP server (the worker is not running here).
    const smtpUrl = env.SMTP_URL;
    env.SMTP_URL = "smtp://127.0.0.1:2";
    onTestFinished(() => {
      env.SMTP_URL = smtpUrl;
    });
    const invited = await post(marie, {
      intent: "invite",
      username: "alain",
      email: "alain@example.fr",
      role: "tresorier",
    });
    if (!("link" in invited) || !invited.link) throw new Error("no link");
    const [mail] = await getDb().select().from(outbox);
    expect(mail).toMatchObject({
      to: "alain@example.fr",
      replyTo: "bureau@jardins-est.example",
      subject: "Invitation à rejoindre l'équipe du site de Jardins de l'Est",
    });
    expect(mail!.text).toContain(
      "Marie Lefèvre vous invite à rejoindre l'équipe qui gère le site de Jardins de l'Est (localhost:3000), comme Trésorier, avec l'identifiant « alain ».",
    );
    expect(mail!.text).toMatch(
      /Le lien ci-dessous ouvre une page du site localhost:3000 où vous choisirez votre mot de passe ; votre compte est créé à ce moment-là\. Il ne sert qu'une fois et expire le \d{1,2}(er)? \p{L}+ \d{4} à \d{1,2}h\d{2} \(48 heures après l'invitation\)\.\n/u,
    );
    expect(mail!.text).toContain(`\n${invited.link}\n`);
    expect(mail!.text).toMatch(/\n\nBien cordialement,\nJardins de l'Est\nhttp:\/\/localhost:3000\/\n$/);
    expect(mail!.html).toContain(">Choisir mon mot de passe</a>");
  });

  it("removes another administrator and their sessions, never oneself nor the last one", async () => {
    const marie = await createAdmin("marie", PASSWORD);
    const alain = await createAdmin("alain", PASSWORD);
    await signIn("alain", PASSWORD, "203.0.113.7");
    expect(answered(await post(marie, { intent: "remove", id: String(marie.id) })).status).toBe(409);
    expect(await post(marie, { intent: "remove", id: String(alain.id) })).toMatchObject({ ok: true });
    expect((await getDb().select().from(admins)).map((a) => a.username)).toEqual(["marie"]);
    expect(await getDb().select().from(sessions)).toEqual([]);
    // Alone now: even an other admin's removal request for marie (a stale page) is refused.
    expect(answered(await post(alain, { intent: "remove", id: String(marie.id) })).status).toBe(409);
    expect(await getDb().select().from(admins).where(eq(admins.username, "marie"))).toHaveLength(1);
  });

  it.each([
    ["an unknown intent", { intent: "promote", id: "1" }, 400],
    ["no intent", { username: "paul" }, 400],
    ["an unknown id to remove", { intent: "remove", id: "999999" }, 404],
    ["an unknown id to reset", { intent: "resetTotp", id: "999999" }, 404],
    ["a malformed id", { intent: "remove", id: "x" }, 400],
    ["a code without enrolment", { intent: "totpConfirm", code: "123456" }, 409],
    ["a reset of one's own second factor", { intent: "resetTotp", id: "SELF" }, 409],
  ])("refuses %s with a 4xx and writes nothing", async (_case, fields, status) => {
    const marie = await createAdmin("marie", PASSWORD);
    await createAdmin("alain", PASSWORD);
    const before = await snapshot();
    const form = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.replace("SELF", String(marie.id))]));
    expect(answered(await post(marie, form)).status).toBe(status);
    expect(await snapshot()).toEqual(before);
  });

  it("invites with a role; a referent needs a site and gets the ones ticked; the session carries them", async () => {
    const marie = await createAdmin("marie", PASSWORD);
    const brosses = await insertSite({ name: "Jardin des Brosses" });
    const velette = await insertSite({ name: "Jardin de la Velette" });
    const refused = answered(await post(marie, { intent: "invite", username: "odile", role: "referent" }));
    expect(refused).toMatchObject({
      status: 400,
      value: { field: "sites", message: "Choisissez au moins un jardin pour un référent." },
    });
    expect(answered(await post(marie, { intent: "invite", username: "odile", role: "jardinier" })).status).toBe(400);
    const invited = await post(marie, [
      ["intent", "invite"],
      ["username", "odile"],
      ["role", "referent"],
      ["sites", String(brosses.id)],
      ["sites", String(velette.id)],
    ]);
    if (!("link" in invited) || !invited.link) throw new Error("no link");
    const token = new URL(invited.link).pathname.split("/").pop()!;
    const page = await invitationLoader(routeArgs(new Request("http://localhost:3000/"), { params: { token } }));
    expect(page).toMatchObject({ username: "odile", role: "Référent de jardin" });
    await acceptAction(
      routeArgs(
        formPost(`/invitation/${token}`, {
          password: "rhubarbe-et-capucines-2031",
          confirmation: "rhubarbe-et-capucines-2031",
        }),
        { params: { token } },
      ),
    );
    const signedIn = await signIn("odile", "rhubarbe-et-capucines-2031", "203.0.113.7");
    if (!signedIn.ok) throw new Error("no sign-in");
    expect(await getSessionAdmin(signedIn.token)).toMatchObject({
      username: "odile",
      role: "referent",
      siteIds: [brosses.id, velette.id].sort((a, b) => a - b),
    });
    const [created] = await getDb().select().from(history).where(eq(history.kind, "compte.creation"));
    expect(created!.detail).toBe("Référent de jardin (Jardin de la Velette, Jardin des Brosses)");
  });

  it("changes another account's role (never one's own); only an administrator manages the others' accounts", async () => {
    const marie = await createAdmin("marie", PASSWORD);
    const alain = await createAdmin("alain", PASSWORD);
    const brosses = await insertSite({ name: "Jardin des Brosses" });
    expect(answered(await post(marie, { intent: "role", id: String(marie.id), role: "redacteur" })).status).toBe(409);
    expect(
      await post(marie, [
        ["intent", "role"],
        ["id", String(alain.id)],
        ["role", "referent"],
        ["sites", String(brosses.id)],
      ]),
    ).toMatchObject({ ok: true, message: "« alain » a maintenant le rôle Référent de jardin (Jardin des Brosses)." });
    expect(await getDb().select().from(adminSites)).toEqual([{ adminId: alain.id, siteId: brosses.id }]);
    expect(await post(marie, { intent: "role", id: String(alain.id), role: "tresorier" })).toMatchObject({ ok: true });
    // A treasurer's sites are dropped with the referent's role.
    expect(await getDb().select().from(adminSites)).toEqual([]);
    const before = await snapshot();
    const treasurer = { ...alain, role: "tresorier" as const };
    for (const fields of <Record<string, string>[]>[
      { intent: "invite", username: "paul", role: "administrateur" },
      { intent: "role", id: String(marie.id), role: "tresorier" },
      { intent: "role", id: String(alain.id), role: "administrateur" },
      { intent: "remove", id: String(marie.id) },
      { intent: "resetTotp", id: String(marie.id) },
    ]) {
      expect(answered(await post(treasurer, fields))).toMatchObject({
        status: 403,
        value: { message: "Seul un administrateur gère les comptes des autres." },
      });
    }
    expect(await snapshot()).toEqual(before);
    // What every account does for itself stays open to the treasurer.
    expect(await post(treasurer, { intent: "displayName", displayName: "Alain Dupuis" })).toMatchObject({ ok: true });
  });

  it("the last administrator keeps the role, even when two administrators take it from each other at once", async () => {
    const marie = await createAdmin("marie", PASSWORD);
    const alain = await createAdmin("alain", PASSWORD);
    const answers = await Promise.all([
      post(marie, { intent: "role", id: String(alain.id), role: "redacteur" }),
      post(alain, { intent: "role", id: String(marie.id), role: "redacteur" }),
    ]);
    const statuses = answers.map((answer) => ("ok" in answer && answer.ok ? 200 : answered(answer).status)).sort();
    expect(statuses).toEqual([200, 409]);
    const roles = (await getDb().select().from(admins)).map((a) => a.role).sort();
    expect(roles).toEqual(["administrateur", "redacteur"]);
    const refusal = answers
      .map((answer) => ("ok" in answer && answer.ok ? null : answered(answer).value))
      .find(Boolean);
    expect(refusal).toMatchObject({
      field: "role",
      message: "Le dernier administrateur garde son rôle : donnez d'abord le rôle d'administrateur à un autre compte.",
    });
  });
});
