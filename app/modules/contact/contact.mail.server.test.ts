import { describe, expect, it } from "vitest";
import { contactMessageMail } from "./contact.mail.server";

const contact = {
  name: "Camille Durand",
  email: "camille@example.org",
  subject: "Visite des jardins",
  message: "Bonjour,\n\nPeut-on visiter samedi ? <script>alert(1)</script>\n\nMerci",
};

describe("the contact e-mail", () => {
  it("goes to the association with Reply-To the visitor, whose text is sent as text and escaped in HTML", () => {
    const mail = contactMessageMail(contact, "bureau@jardins.example");
    expect(mail.to).toBe("bureau@jardins.example");
    expect(mail.replyTo).toBe("camille@example.org");
    expect(mail.subject).toBe("[Contact] Visite des jardins");
    expect(mail.text).toContain(`Message :\n${contact.message}\n`);
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).not.toMatch(/<script>/);
  });

  it("puts the visitor's subject on one line", () => {
    expect(
      contactMessageMail({ ...contact, subject: "Salut\r\nBcc: x@example.org" }, "b@jardins.example").subject,
    ).toBe("[Contact] Salut Bcc: x@example.org");
  });

  it("falls back to the configured address when the caller gives none", () => {
    expect(contactMessageMail(contact, null).to).toBe("no-reply@potager.local");
    expect(contactMessageMail(contact, "").to).toBe("no-reply@potager.local");
  });
});
