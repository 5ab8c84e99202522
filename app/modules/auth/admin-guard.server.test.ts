import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { admins, sessions } from "~/db/schema";
import { confirmTotp, startTotpEnrolment } from "~/modules/accounts/accounts.server";
import { describeEachDatabase } from "../../../tests/db";
import { createAdmin, getSessionAdmin } from "./auth.server";
import {
  RESUME_CODE_FIELD,
  RESUME_PASSWORD_FIELD,
  RESUME_USERNAME_FIELD,
  type SessionExpiredData,
} from "~/modules/forms/session-expired";
import { authenticateAdminRequest } from "./admin-guard.server";
import { UPLOAD_SESSION_EXPIRED_MESSAGE } from "~/modules/forms/session-expired.server";

const PASSWORD = "un-mot-de-passe-solide";
const IP = "203.0.113.7";

function post(path: string, fields: [string, string][]) {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost:3000" },
  });
}

/** What the middleware threw: a thrown `data()` carries its value and status. */
async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response)
      return {
        status: error.status,
        location: error.headers.get("Location"),
        json: await error
          .clone()
          .json()
          .catch(() => null),
      };
    const { data, init } = error as { data: SessionExpiredData; init: { status: number } };
    return { status: init.status, data };
  }
  throw new Error("nothing was thrown");
}

describeEachDatabase("a request to /admin without a session", () => {
  it("a page goes to /login, an upload gets a 401 that says what to do", async () => {
    expect(await thrown(authenticateAdminRequest(new Request("http://localhost:3000/admin/blog"), IP))).toMatchObject({
      status: 302,
      location: "/login",
    });
    const upload = await thrown(authenticateAdminRequest(post("/admin/media", []), IP));
    expect(upload).toMatchObject({ status: 401, json: { error: UPLOAD_SESSION_EXPIRED_MESSAGE } });
  });

  it("a form gets back a 401 with what was typed and the page it was sent to, not the script's data address", async () => {
    const fields: [string, string][] = [
      ["intent", "save"],
      ["title", "Semis de fèves"],
      ["annexe1", "/media/a.webp"],
      ["annexe1", "/media/b.webp"],
    ];
    const result = await thrown(
      authenticateAdminRequest(post("/admin/blog.data?edit=3&_routes=routes%2Fadmin%2Fblog", fields), IP),
    );
    expect(result).toEqual({
      status: 401,
      data: {
        sessionExpired: true,
        action: "/admin/blog?edit=3",
        fields,
        droppedFiles: 0,
        error: null,
        needsCode: false,
      },
    });
  });

  it("signs in with the fields the form came back with, and lets the form go on; a wrong password keeps the form", async () => {
    await createAdmin("marie", PASSWORD);
    const typed: [string, string][] = [
      ["intent", "homeTexts"],
      ["titreAccueil", "Bienvenue"],
    ];
    const wrong = await thrown(
      authenticateAdminRequest(
        post("/admin/settings", [...typed, [RESUME_USERNAME_FIELD, "marie"], [RESUME_PASSWORD_FIELD, "faux"]]),
        IP,
      ),
    );
    expect(wrong).toEqual({
      status: 401,
      data: expect.objectContaining({ fields: typed, error: "Identifiants incorrects" }),
    });

    const request = post("/admin/settings", [
      ...typed,
      [RESUME_USERNAME_FIELD, "marie"],
      [RESUME_PASSWORD_FIELD, PASSWORD],
    ]);
    const { admin, setCookie } = await authenticateAdminRequest(request, IP);
    expect(admin.username).toBe("marie");
    const token = /=([^;]+)/.exec(setCookie ?? "")?.[1];
    expect((await getSessionAdmin(token))?.username).toBe("marie");
    // The page's action can still read the form.
    expect((await request.formData()).get("titreAccueil")).toBe("Bienvenue");
  });

  it("a form sent with files says how many could not be kept", async () => {
    const form = new FormData();
    form.append("intent", "save");
    form.append("title", "Courges");
    form.append("image__fichier", new File([new Uint8Array(2048)], "courges.png", { type: "image/png" }));
    const request = new Request("http://localhost:3000/admin/blog", {
      method: "POST",
      body: form,
      headers: { Origin: "http://localhost:3000" },
    });
    const result = await thrown(authenticateAdminRequest(request, IP));
    expect(result).toMatchObject({
      status: 401,
      data: {
        fields: [
          ["intent", "save"],
          ["title", "Courges"],
        ],
        droppedFiles: 1,
      },
    });
  });

  it("an account with a second factor asks for its code in the same form; with it, the form goes on", async () => {
    const admin = await createAdmin("marie", PASSWORD);
    await startTotpEnrolment(admin);
    const [{ secret }] = await getDb()
      .select({ secret: admins.totpPendingSecret })
      .from(admins)
      .where(eq(admins.id, admin.id));
    await confirmTotp(admin, await generate({ secret: secret! }));
    const typed: [string, string][] = [
      ["intent", "plots"],
      ["parcellesOccupees", "12"],
    ];
    const signInFields: [string, string][] = [
      [RESUME_USERNAME_FIELD, "marie"],
      [RESUME_PASSWORD_FIELD, PASSWORD],
    ];
    const withoutCode = await thrown(
      authenticateAdminRequest(post("/admin/settings", [...typed, ...signInFields]), IP),
    );
    expect(withoutCode).toMatchObject({
      status: 401,
      data: {
        needsCode: true,
        error: "Saisissez le code à 6 chiffres de votre application, ou un code de secours.",
        fields: typed,
      },
    });
    const wrongCode = await thrown(
      authenticateAdminRequest(post("/admin/settings", [...typed, ...signInFields, [RESUME_CODE_FIELD, "000000"]]), IP),
    );
    expect(wrongCode).toMatchObject({
      status: 401,
      data: { needsCode: true, error: "Code de vérification incorrect." },
    });
    // Nothing is left half signed in.
    expect(await getDb().select().from(sessions)).toEqual([]);
    const { admin: signedIn, setCookie } = await authenticateAdminRequest(
      post("/admin/settings", [
        ...typed,
        ...signInFields,
        [RESUME_CODE_FIELD, await generate({ secret: secret!, epoch: Math.floor(Date.now() / 1000) + 30 })],
      ]),
      IP,
    );
    expect(signedIn.username).toBe("marie");
    const token = decodeURIComponent(/=([^;]+)/.exec(setCookie!)![1]);
    expect(await getSessionAdmin(token)).toMatchObject({ username: "marie" });
  });
});
