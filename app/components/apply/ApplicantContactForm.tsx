import { Form } from "react-router";
import { TextField } from "~/components/TextField";

/** The applicant corrects their e-mail and mobile phone; a refusal comes back on its field with what was typed. */
export function ApplicantContactForm({
  email,
  telephone,
  refused,
}: {
  email: string;
  telephone: string;
  refused: { message: string; field?: string } | null;
}) {
  const errorOn = (field: string) => (refused?.field === field ? refused.message : undefined);
  return (
    <section aria-labelledby="coordonnees" className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <h2 id="coordonnees" className="text-xl font-semibold text-brand-800">
        Mes coordonnées
      </h2>
      <p className="mt-2 text-stone-700">L'association vous contactera à cette adresse et à ce numéro.</p>
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="contact" />
        <TextField
          label="Adresse e-mail"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={email}
          maxLength={254}
          error={errorOn("email")}
        />
        <TextField
          label="Téléphone portable"
          name="telephoneportable"
          type="tel"
          autoComplete="tel"
          defaultValue={telephone}
          maxLength={30}
          error={errorOn("telephoneportable")}
        />
        <button
          type="submit"
          className="min-h-11 rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
        >
          Enregistrer mes coordonnées
        </button>
      </Form>
    </section>
  );
}
