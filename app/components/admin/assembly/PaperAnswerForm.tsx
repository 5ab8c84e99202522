import { Section } from "~/components/admin/admin-ui";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { RadioGroup, Select } from "~/components/form/fields";

const CHOICES = [
  ["present", "Sera présent(e)"],
  ["pouvoir", "Donne pouvoir"],
  ["absent", "Ne pourra pas venir"],
] as const;

/**
 * « Réponses reçues sur papier »: a reply slip or a signed proxy the bureau received, recorded for the member by the
 * same rules as an answer by their link, from the convocation until the assembly ends (decision 030).
 */
export function PaperAnswerForm({
  members,
  result,
}: {
  members: readonly { id: number; name: string }[];
  result: IntentResult | undefined;
}) {
  const options = members.map((m) => [String(m.id), m.name] as const);
  return (
    <Section
      id="papier"
      title="Réponses reçues sur papier"
      description="Le coupon-réponse ou le pouvoir signé qu'un membre a renvoyé ou remis : sa réponse compte comme celle donnée par son lien, aux mêmes règles (pouvoirs au plus par membre). Le papier signé reste au bureau avec la feuille d'émargement."
    >
      <IntentForm
        emptyAfterDone
        intent="paper-answer"
        result={result}
        order={["member", "answer", "holder"]}
        submit="Enregistrer la réponse"
      >
        <Select name="member" label="Membre qui a répondu" options={options} required />
        <RadioGroup name="answer" label="Réponse" options={CHOICES} required />
        <Select
          name="holder"
          label="Membre qui reçoit le pouvoir"
          options={options}
          hint="Seulement pour un pouvoir : le nom écrit sur le pouvoir signé."
        />
      </IntentForm>
    </Section>
  );
}
