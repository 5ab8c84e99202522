import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { gardenerLinks, gardenerSessions, outbox } from "~/db/schema";
import {
  createGardenerLink,
  gardenerOfSession,
  openGardenerSession,
} from "~/modules/garden-space/gardener-auth.server";
import { GARDENER_COOKIE } from "~/modules/garden-space/gardener-session.server";
import { LINK_INVALID_MESSAGE, SIGN_IN_LINK_SENT_MESSAGE } from "~/modules/garden-space/gardener-signin.schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertGardener } from "../../../tests/factories";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { action as askLink, headers as myGardenHeaders } from "./my-garden";
import { action as useLink, headers as linkHeaders, loader as linkPage } from "./sign-in-link";
import { action as signOut, loader as signOutPage } from "./sign-out";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin" };
const withCookie = (request: Request, session: string) => {
  request.headers.set("Cookie", `autre=1; ${GARDENER_COOKIE}=${session}`);
  return request;
};
const openLink = async (token: string, method = "GET") =>
  answered<{ valid: boolean }>(
    await linkPage(
      routeArgs(new Request(`http://localhost:3000/mon-jardin/connexion/${token}`, { method }), { params: { token } }),
    ),
  );
const pressButton = (token: string, session?: string) => {
  const request = formPost(`/mon-jardin/connexion/${token}`, {});
  return useLink(routeArgs(session ? withCookie(request, session) : request, { params: { token } }));
};
const cookieOf = (response: Response) =>
  new RegExp(`${GARDENER_COOKIE}=([^;]*)`).exec(response.headers.get("Set-Cookie") ?? "")?.[1];

describeEachDatabase("« Mon jardin »'s sign-in pages", () => {
  it("every page is private, never indexed, and keeps the link out of the Referer", () => {
    expect(myGardenHeaders()).toEqual(PRIVATE);
    expect(linkHeaders()).toEqual(PRIVATE);
  });

  it("/mon-jardin's form answers the same, privately, and the link's page uses the link only on its button", async () => {
    const gardener = await insertGardener({ name: "Chantal Morel", email: "chantal.morel@example.fr" });
    const asked = answered(
      await askLink(routeArgs(formPost("/mon-jardin", { intent: "lien", email: "chantal.morel@example.fr" }))),
    );
    expect([asked.status, asked.value, asked.headers.get("Cache-Control")]).toEqual([
      200,
      { status: "sent", message: SIGN_IN_LINK_SENT_MESSAGE, email: "chantal.morel@example.fr" },
      "private, no-store",
    ]);
    const bad = answered(await askLink(routeArgs(formPost("/mon-jardin", { intent: "lien", email: "chantal" }))));
    expect(bad.status).toBe(400);
    const [mail] = await getDb().select().from(outbox);
    const token = /\/mon-jardin\/connexion\/([\w-]+)/.exec(mail!.text)![1]!;

    // A mail scanner opens the link (GET, HEAD): nothing used.
    expect(await openLink(token)).toMatchObject({ status: 200, value: { valid: true } });
    expect(await openLink(token, "HEAD")).toMatchObject({ status: 200, value: { valid: true } });
    expect(await getDb().select().from(gardenerLinks)).toHaveLength(1);

    // The button: a session and its cookie, and /mon-jardin; a session this browser had before ends.
    const before = await getDb().transaction((tx) => openGardenerSession(tx, gardener.id));
    const response = (await pressButton(token, before)) as Response;
    expect([response.status, response.headers.get("Location")]).toEqual([302, "/mon-jardin"]);
    expect(response.headers.get("Set-Cookie")).toMatch(/HttpOnly; SameSite=Lax; Max-Age=43200/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await gardenerOfSession(cookieOf(response))).toMatchObject({ id: gardener.id });
    expect(await gardenerOfSession(before)).toBeNull();

    // The link again: gone.
    expect(await openLink(token)).toMatchObject({ status: 410, value: { valid: false } });
    const again = answered<{ error: string }>(await pressButton(token));
    expect([again.status, again.value.error]).toEqual([410, LINK_INVALID_MESSAGE]);
  });

  it("an expired link's page says so (410), before and after its button", async () => {
    const gardener = await insertGardener();
    const token = await getDb().transaction((tx) =>
      createGardenerLink(tx, gardener.id, "connexion", { now: new Date(Date.now() - 16 * 60_000) }),
    );
    expect(await openLink(token)).toMatchObject({ status: 410, value: { valid: false } });
    expect(answered(await pressButton(token)).status).toBe(410);
    expect(await getDb().select().from(gardenerSessions)).toEqual([]);
  });

  it("/mon-jardin/deconnexion signs out on POST only, here or everywhere, and drops the cookie", async () => {
    const gardener = await insertGardener();
    const open = () => getDb().transaction((tx) => openGardenerSession(tx, gardener.id));
    const [here, elsewhere] = [await open(), await open()];
    const post = (intent: string, session: string) =>
      signOut(routeArgs(withCookie(formPost("/mon-jardin/deconnexion", { intent }), session)));

    // A GET (a link, a prefetch) signs no one out.
    const get = (await signOutPage()) as Response;
    expect([get.status, get.headers.get("Location")]).toEqual([302, "/mon-jardin"]);
    expect(answered(await post("tout", here)).status).toBe(400);
    expect(await gardenerOfSession(here)).not.toBeNull();

    const out = (await post("ici", here)) as Response;
    expect([out.status, out.headers.get("Location")]).toEqual([302, "/mon-jardin"]);
    expect(out.headers.get("Set-Cookie")).toMatch(new RegExp(`^${GARDENER_COOKIE}=; .*Max-Age=0`));
    expect(await gardenerOfSession(here)).toBeNull();
    expect(await gardenerOfSession(elsewhere)).not.toBeNull();

    const third = await open();
    await post("partout", third);
    expect(await gardenerOfSession(elsewhere)).toBeNull();
    expect(await getDb().select().from(gardenerSessions)).toEqual([]);
  });
});
