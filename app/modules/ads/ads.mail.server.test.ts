import { describe, expect, it } from "vitest";
import { adPublishedMail, newAdMail } from "./ads.mail.server";

describe("ads' e-mails", () => {
  it("notifies a new ad with escaped HTML, absolute photo links and the admin link", () => {
    const mail = newAdMail(
      {
        nom: "Léa <b>",
        email: "lea@",
        telephone: "0612345678",
        type: "donne",
        contenu: "Plants de <i>tomates</i>",
        photo1: "/media/x.jpg",
        photo2: null,
      },
      "bureau@jardins.example",
    );
    expect(mail.subject).toBe("Nouvelle annonce à valider : Léa <b>");
    expect(mail.replyTo).toBeUndefined();
    expect(mail.html).toContain("Léa &lt;b&gt;");
    expect(mail.html).toContain("Plants de &lt;i&gt;tomates&lt;/i&gt;");
    expect(mail.text).toContain("Photo 1 : http://localhost:3000/media/x.jpg");
    expect(mail.text).toContain("http://localhost:3000/admin/annonces");
  });

  it("quotes only a short, link-free name to the address that posted the ad", () => {
    const published = adPublishedMail({ id: 3, nom: "Léa — voir www.arnaque.example", email: "lea@example.fr" })!;
    expect(published.text).toMatch(/^Bonjour Léa voir www arnaque example,\n/);
    expect(adPublishedMail({ id: 3, nom: "Léa", email: "pas-une-adresse" })).toBeNull();
  });

  it("has the answer to a published ad go to the association's contact address, and signs with its name", () => {
    const association = { nomAssociation: "Les Jardins du Tonkin", email: "bureau@tonkin.example" };
    const mail = adPublishedMail({ id: 3, nom: "Léa", email: "lea@example.fr" }, association)!;
    expect(mail.replyTo).toBe("bureau@tonkin.example");
    expect(mail.text).toMatch(/\nBien cordialement,\nLes Jardins du Tonkin\nhttp:\/\/localhost:3000\/\n$/);
    expect(mail.text).toContain("http://localhost:3000/annonces#annonce-3");
  });
});
