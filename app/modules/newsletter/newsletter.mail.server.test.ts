import { describe, expect, it } from "vitest";
import { newsletterConfirmationMail } from "./newsletter.mail.server";

describe("the newsletter's confirmation e-mail", () => {
  it("quotes nothing typed, links only to the confirmation, and has answers go to the association", () => {
    const association = { nomAssociation: "Les Jardins du Tonkin", email: "bureau@tonkin.example" };
    const link = "http://localhost:3000/lettre/confirmation/x";
    const mail = newsletterConfirmationMail("lea@example.fr", association, link);
    expect(mail.to).toBe("lea@example.fr");
    expect(mail.replyTo).toBe("bureau@tonkin.example");
    expect(mail.text).toMatch(/\nBien cordialement,\nLes Jardins du Tonkin\nhttp:\/\/localhost:3000\/\n$/);
    expect(mail.text).not.toContain("lea@example.fr");
    expect(mail.html).toContain(`href="${link}"`);
  });
});
