import { afterEach, expect, it, vi, type MockInstance } from "vitest";
import { getDb } from "~/db/client.server";
import { helloassoSettings, history } from "~/db/schema";
import { forgetHelloAssoTokens } from "~/modules/helloasso/helloasso.client.server";
import { onlinePaymentReady } from "~/modules/helloasso/helloasso.settings.server";
import { openSecret } from "~/server/server-secret.server";
import { describeEachDatabase } from "../../../tests/db";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { action, loader } from "./treasury-settings";

// « Paiement en ligne (HelloAsso) » on the treasurer's settings: the secret sealed in its table and never sent back
// (not in the loader's data, not in a refused form, not in Historique), kept when left empty, removed on demand; the
// slug checked; « Tester la connexion » against a HelloAsso answered by a stubbed fetch (nothing leaves the machine).

const claire = { id: null as unknown as number, username: "claire", role: "tresorier" as const };
const SECRET = "s3cr3t-Cl13nt-HelloAsso+xyz/0123456789";

const send = (fields: Record<string, string>) =>
  action(routeArgs(formPost("/admin/tresorerie/parametres", fields), { admin: claire }));
type Answer = {
  ok: boolean;
  intent: string;
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
};

const SETTINGS = {
  intent: "helloasso",
  environment: "sandbox",
  organizationSlug: "jardins-familiaux-de-rillieux",
  clientId: "0a1b2c3d4e5f",
  clientSecret: SECRET,
};

const sealed = async () => (await getDb().select().from(helloassoSettings))[0]?.clientSecretSealed ?? "";
const screen = async () => (await loader()).helloasso;

let fetched: MockInstance<typeof fetch> | undefined;
afterEach(() => {
  fetched?.mockRestore();
  forgetHelloAssoTokens();
});

describeEachDatabase("the HelloAsso settings on /admin/tresorerie/parametres", () => {
  it("starts inactive, naming what is missing", async () => {
    expect((await screen()).state).toEqual({
      active: false,
      text: "Paiement en ligne : inactif : identifiant de l'organisation, Client ID et Client secret manquants",
    });
  });

  it("seals the secret, never sends it back, keeps it when left empty and removes it on demand", async () => {
    expect(await send(SETTINGS)).toMatchObject({
      ok: true,
      message: "Réglages HelloAsso enregistrés. Paiement en ligne : actif (bac à sable).",
    });
    const first = await sealed();
    expect(first).toMatch(/^v1\./);
    expect(first).not.toContain(SECRET);
    expect(openSecret(first)).toBe(SECRET);
    const shown = await screen();
    expect(shown).toMatchObject({
      state: { active: true, text: "Paiement en ligne : actif (bac à sable)" },
      hasSecret: true,
      values: { environment: "sandbox", organizationSlug: "jardins-familiaux-de-rillieux", clientId: "0a1b2c3d4e5f" },
      notificationUrl: "http://localhost:3000/api/helloasso/notification",
    });
    expect(JSON.stringify(await loader())).not.toContain(SECRET);
    expect(JSON.stringify(await loader())).not.toContain(first);

    // Saved again with the field empty (as the page always shows it): the same sealed secret.
    expect(await send({ ...SETTINGS, clientSecret: "", clientId: "0a1b2c3d4e5f-2" })).toMatchObject({ ok: true });
    expect(await sealed()).toBe(first);
    expect(await onlinePaymentReady()).toBe(true);

    expect(await send({ ...SETTINGS, clientSecret: "", removeSecret: "on" })).toMatchObject({
      ok: true,
      message: "Réglages HelloAsso enregistrés, secret retiré. Paiement en ligne : inactif : Client secret manquant.",
    });
    expect(await sealed()).toBe("");
    expect(await onlinePaymentReady()).toBe(false);
    expect((await screen()).hasSecret).toBe(false);

    const entries = await getDb().select().from(history);
    expect(entries.map((h) => [h.kind, h.actor, h.target, h.detail])).toEqual([
      [
        "tresorerie.helloasso",
        "claire",
        "paiement en ligne",
        "Bac à sable (essais), organisation jardins-familiaux-de-rillieux, Client ID 0a1b2c3d4e5f, secret nouveau",
      ],
      [
        "tresorerie.helloasso",
        "claire",
        "paiement en ligne",
        "Bac à sable (essais), organisation jardins-familiaux-de-rillieux, Client ID 0a1b2c3d4e5f-2, secret gardé",
      ],
      [
        "tresorerie.helloasso",
        "claire",
        "paiement en ligne",
        "Bac à sable (essais), organisation jardins-familiaux-de-rillieux, Client ID 0a1b2c3d4e5f, secret retiré",
      ],
    ]);
    expect(JSON.stringify(entries)).not.toContain(SECRET);
  });

  it("refuses a bad slug with its message, keeping what was typed but the secret", async () => {
    const refused = answered<Answer>(await send({ ...SETTINGS, organizationSlug: "Jardins familiaux !" }));
    expect(refused.status).toBe(400);
    expect(refused.value.errors).toEqual({
      organizationSlug:
        "Indiquez l'identifiant de l'organisation : la fin de son adresse HelloAsso, en minuscules, chiffres et tirets (par exemple jardins-familiaux-de-rillieux).",
    });
    expect(refused.value.values).toMatchObject({ organizationSlug: "Jardins familiaux !", clientId: "0a1b2c3d4e5f" });
    expect(refused.value.values).not.toHaveProperty("clientSecret");
    expect(JSON.stringify(refused.value)).not.toContain(SECRET);
    expect(await getDb().select().from(helloassoSettings)).toEqual([]);
    expect(await getDb().select().from(history)).toEqual([]);
  });

  it("takes the slug out of a pasted HelloAsso address", async () => {
    await send({
      ...SETTINGS,
      organizationSlug: "https://www.helloasso.com/associations/jardins-familiaux-de-rillieux/adhesions/cotisation",
    });
    expect((await screen()).values.organizationSlug).toBe("jardins-familiaux-de-rillieux");
  });

  it("refuses a secret typed with its removal, and a change of environment that keeps the other one's secret", async () => {
    const both = answered<Answer>(await send({ ...SETTINGS, removeSecret: "on" }));
    expect([both.status, both.value.errors]).toEqual([
      400,
      { clientSecret: "Laissez le secret vide pour le retirer, ou décochez « Retirer le secret »." },
    ]);
    await send(SETTINGS);
    const first = await sealed();
    const switched = answered<Answer>(await send({ ...SETTINGS, environment: "production", clientSecret: "" }));
    expect([switched.status, switched.value.errors.clientSecret]).toEqual([
      400,
      "Indiquez le Client secret de cet environnement : les identifiants du bac à sable et ceux de production sont différents.",
    ]);
    expect(await sealed()).toBe(first);
    expect(await send({ ...SETTINGS, environment: "production", clientSecret: "prod-secret" })).toMatchObject({
      ok: true,
      message: "Réglages HelloAsso enregistrés. Paiement en ligne : actif (production).",
    });
    expect(await getDb().select().from(history)).toHaveLength(2);
  });

  it("tests the connection with the saved settings: success, HelloAsso's refusal, nothing set", async () => {
    const notSet = answered<Answer>(await send({ intent: "helloasso-test" }));
    expect([notSet.status, notSet.value.intent, notSet.value.message]).toEqual([
      409,
      "helloasso-test",
      "Connexion non testée : identifiant de l'organisation, Client ID et Client secret manquants. Enregistrez d'abord les réglages.",
    ]);

    await send(SETTINGS);
    // HelloAsso as its API answers: a token, then the organization the slug names, or a 404 for one it does not know.
    let knownSlug = "jardins-familiaux-de-rillieux";
    fetched = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith("/oauth2/token"))
        return Response.json({ access_token: "jeton", token_type: "bearer", expires_in: 1800 });
      if (url === `https://api.helloasso-sandbox.com/v5/organizations/${knownSlug}`)
        return Response.json({ name: "Jardins familiaux de Rillieux", organizationSlug: knownSlug });
      return Response.json({ message: "Not found" }, { status: 404 });
    });
    expect(await send({ intent: "helloasso-test" })).toMatchObject({
      ok: true,
      intent: "helloasso-test",
      message:
        "Connexion à HelloAsso réussie (bac à sable) : organisation « Jardins familiaux de Rillieux » (jardins-familiaux-de-rillieux).",
    });
    const [url, init] = fetched.mock.calls[0]!;
    expect(url).toBe("https://api.helloasso-sandbox.com/oauth2/token");
    expect(String(init?.body)).toContain("client_id=0a1b2c3d4e5f");
    // A slug mistyped: the token is given (the client is right), the organization is not found, and the test says so.
    knownSlug = "jardins-familiaux-de-rillieux-la-pape";
    const wrongSlug = answered<Answer>(await send({ intent: "helloasso-test" }));
    expect([wrongSlug.status, wrongSlug.value.message]).toEqual([
      409,
      "La connexion à HelloAsso a échoué : HelloAsso ne connaît aucune organisation « jardins-familiaux-de-rillieux » : recopiez l'identifiant qui suit /associations/ dans l'adresse de votre page HelloAsso.",
    ]);
    fetched.mockReset();

    fetched.mockResolvedValueOnce(Response.json({ error: "unauthorized_client" }, { status: 401 }));
    const refused = answered<Answer>(await send({ intent: "helloasso-test" }));
    expect([refused.status, refused.value.message]).toEqual([
      409,
      "La connexion à HelloAsso a échoué : HelloAsso refuse l'identifiant ou le secret du client API : vérifiez-les, et l'environnement choisi (bac à sable ou production).",
    ]);
    expect(JSON.stringify(refused.value)).not.toContain(SECRET);
    // Testing writes nothing in Historique: only the save is there.
    expect((await getDb().select().from(history)).map((h) => h.kind)).toEqual(["tresorerie.helloasso"]);
  });
});
