import { expect, it } from "vitest";
import { registrationMail } from "./registrations.mail";

const event = {
  id: 4,
  title: "Atelier taille",
  start: new Date("2026-12-05T13:00:00Z"),
  endDate: new Date("2026-12-05T15:00:00Z"),
  location: "Jardin des Brosses",
  signupQuestion: null,
};
const registration = { name: "Sophie Garnier", email: "sophie@example.fr", people: 1 };
const association = { nomAssociation: "Jardins de l'Est", email: "bureau@jardins-est.example" };
const link = "http://localhost:3000/inscription/annulation/jeton";

it("says what cancelling does: a place goes to the first one waiting; leaving the waiting list frees none", () => {
  const present = registrationMail("confirmation", { ...registration, status: "inscrit" }, event, link, association);
  expect(present.text).toContain(
    "Si vous ne pouvez pas venir, annulez votre inscription : votre place sera libérée, et donnée à la première personne de la liste d'attente s'il y en a une.",
  );
  expect(present.html).toContain(">Annuler mon inscription</a>");

  const waiting = registrationMail("confirmation", { ...registration, status: "attente" }, event, link, association);
  expect(waiting.subject).toBe("Liste d'attente : Atelier taille");
  expect(waiting.text).not.toMatch(/place ira|votre place/);
  expect(waiting.text).toContain(
    "Si vous ne souhaitez plus venir, retirez-vous de la liste d'attente : les personnes inscrites après vous avanceront d'un rang.",
  );
  expect(waiting.html).toContain(">Me retirer de la liste d&#39;attente</a>");
});

it("is signed by the association, which takes the answers", () => {
  for (const kind of ["confirmation", "promotion", "rappel"] as const) {
    const mail = registrationMail(kind, { ...registration, status: "inscrit" }, event, link, association);
    expect(mail.replyTo).toBe("bureau@jardins-est.example");
    expect(mail.text).toMatch(/\n\nBien cordialement,\nJardins de l'Est\nhttp:\/\/localhost:3000\/\n$/);
    expect(mail.html).toContain("<p>Bien cordialement,<br>Jardins de l&#39;Est<br>http://localhost:3000/</p>");
  }
});
