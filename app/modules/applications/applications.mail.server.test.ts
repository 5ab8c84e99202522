import { describe, expect, it, onTestFinished } from "vitest";
import { env } from "~/server/env.server";
import { GREETING_NAME_MAX } from "~/modules/mail/mail-templates.server";
import { applicationAckMail, applicationWithdrawnMail, newApplicationMail } from "./applications.mail.server";

const application = {
  nom: "Karim Benali",
  email: "karim@example.org",
  adresse: "12 rue des Lilas",
  ville: "",
  telephonePortable: "0612345678",
  telephoneFixe: null,
  tailleJardin: "petite",
  experience: "débutant",
  budgetConnu: true,
  tempsDisponible: "2h",
  inspectionConnu: true,
  engagementCharte: true,
  engagementReglement: true,
  engagementLieuPublic: true,
  motivations: "Cultiver des légumes avec mes enfants.",
  charteVersion: "3f9a1c2b04de",
  reglementVersion: "77d0e4aa91c2",
  engagementsAcceptesLe: new Date("2026-11-23T09:15:30Z"),
};

describe("applications' e-mails", () => {
  it("notifies a new application with a link to the admin page", () => {
    const mail = newApplicationMail(application, "bureau@jardins.example");
    expect(mail.to).toBe("bureau@jardins.example");
    expect(mail.replyTo).toBe("karim@example.org");
    expect(mail.subject).toBe("Nouvelle demande de jardin : Karim Benali");
    expect(mail.text).toContain("Ville : Non spécifiée");
    expect(mail.text).toContain("Motivations :\nCultiver des légumes avec mes enfants.");
    expect(mail.text).toContain("http://localhost:3000/admin/applications");
    expect(mail.html).toContain('href="http://localhost:3000/admin/applications"');
  });

  it("acknowledges an applicant who gave a valid e-mail, and only then", () => {
    const ack = applicationAckMail(application)!;
    expect(ack.to).toBe("karim@example.org");
    // No contact address set: the answer goes to the sender (no Reply-To); the site's default name signs.
    expect(ack.replyTo).toBeUndefined();
    expect(ack.text).toMatch(/\nBien cordialement,\nPotager\nhttp:\/\/localhost:3000\/\n$/);
    expect(ack.subject).toBe("Votre demande de jardin a bien été reçue");
    expect(ack.text).toMatch(/^Bonjour Karim Benali,/);
    const none = { charteVersion: null, reglementVersion: null, engagementsAcceptesLe: null };
    expect(applicationAckMail({ nom: "X", email: "", ...none })).toBeNull();
    expect(applicationAckMail({ nom: "X", email: "pas-une-adresse", ...none })).toBeNull();
  });

  it("quotes nothing typed to an unconfirmed address but a short, link-free name; its only links are the site's", () => {
    const forged =
      "Karim\nGagnez 500 € : http://arnaque.example/?x=1 ou www.arnaque.example, écrivez à gain@arnaque.example <b>vite</b>";
    const ack = applicationAckMail(
      { ...application, nom: forged },
      { nomAssociation: "Les Jardins du Tonkin" },
      "http://localhost:3000/ma-demande/jeton",
    )!;
    const greeting = /^Bonjour (.*),\n/.exec(ack.text)![1];
    expect(greeting).toBe("Karim Gagnez http arnaque example x ou");
    expect(greeting.length).toBeLessThanOrEqual(GREETING_NAME_MAX);
    for (const body of [ack.text, ack.html!]) {
      expect(body).not.toMatch(/arnaque\.|http:\/\/arnaque|@arnaque|500 €|<b>vite/);
      const urls = body.match(/https?:\/\/[^\s"<]+/g) ?? [];
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(url.startsWith("http://localhost:3000/")).toBe(true);
    }
    expect(applicationAckMail({ ...application, nom: "https://x.example" })!.text).toMatch(/^Bonjour https x example,/);
    expect(applicationAckMail({ ...application, nom: "123 456" })!.text).toMatch(/^Bonjour,\n/);
  });

  it("reminds the applicant which versions of the charter and the rules they accepted, and when", () => {
    const ack = applicationAckMail(application, { nomAssociation: "Les Jardins du Tonkin" })!;
    expect(ack.text).toContain(
      [
        "Pour mémoire, vous avez accepté les engagements suivants :",
        "Version de la charte acceptée : 3f9a1c2b04de",
        "Version du règlement accepté : 77d0e4aa91c2",
        "Engagements acceptés le : 23 novembre 2026 à 10:15:30",
      ].join("\n"),
    );
    expect(ack.text).toContain("Bien cordialement,\nLes Jardins du Tonkin\nhttp://localhost:3000/\n");
    expect(ack.html).toContain('<th align="left" valign="top">Version de la charte acceptée</th><td>3f9a1c2b04de</td>');
    expect(newApplicationMail(application, "bureau@jardins.example").text).toContain(
      "Version du règlement accepté : 77d0e4aa91c2",
    );
  });

  it("has the applicant's answer go to the association's contact address: CONTACT_TO, else the content's e-mail", () => {
    const association = { nomAssociation: "Les Jardins du Tonkin", email: "bureau@tonkin.example" };
    const ack = applicationAckMail(application, association)!;
    expect(ack.replyTo).toBe("bureau@tonkin.example");
    expect(ack.text).toMatch(/\nBien cordialement,\nLes Jardins du Tonkin\nhttp:\/\/localhost:3000\/\n$/);
    const saved = env.CONTACT_TO;
    env.CONTACT_TO = "contact@tonkin.example";
    onTestFinished(() => {
      env.CONTACT_TO = saved;
    });
    expect(applicationAckMail(application, association)!.replyTo).toBe("contact@tonkin.example");
  });

  it("tells the association an applicant withdrew, falling back to the configured address", () => {
    const mail = applicationWithdrawnMail({ id: 12, nom: "Karim\nBenali" }, null);
    expect(mail.to).toBe("no-reply@potager.local");
    expect(mail.subject).toBe("Demande de jardin retirée : Karim Benali");
    expect(mail.text).toContain("(demande n° 12)");
    expect(mail.html).toContain('href="http://localhost:3000/admin/applications"');
  });
});
