import { Section } from "~/components/admin/admin-ui";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { Checkbox, RadioGroup, Select, TextArea, TextInput } from "~/components/form/fields";
import {
  roundAdditionSchema,
  roundCorrectionSchema,
  warningWithdrawalSchema,
} from "~/modules/register/inspections.schema";
import { InspectionRows } from "./InspectionRows";
import { IntentForm, type IntentResult } from "./IntentForm";

// The forms of a saved inspection round. Each sends the round's one-time token: a form sent twice, or from a page
// shown before another change, is refused and the page shows the round as it is now.

interface Mark {
  id: number;
  number: number;
  holder: string | null;
  hasEmail: boolean;
  result: "conforme" | "avertissement";
  note: string;
  mailed: boolean;
  withdrawn: { on: string; by: string; reason: string } | null;
}

interface Round {
  token: string;
  date: string;
}

const Token = ({ round }: { round: Round }) => <input type="hidden" name="token" value={round.token} />;
const plotLabel = (m: { number: number; holder: string | null }) =>
  `Parcelle n° ${m.number}${m.holder ? ` — ${m.holder}` : ""}`;

/** « Corriger la visite »: the inspector, each mark's result and note (a warning stays one: see the withdrawal). */
export function RoundCorrection({
  round,
  marks,
  values,
  result,
}: {
  round: Round;
  marks: Mark[];
  values: Record<string, string>;
  result: IntentResult | undefined;
}) {
  const open = marks.filter((m) => !m.withdrawn);
  return (
    <Section
      id="corriger"
      title="Corriger la visite"
      description="Une parcelle conforme peut recevoir un avertissement (et l'e-mail, si vous le cochez) ; la remarque d'un avertissement peut être corrigée. Un avertissement donné par erreur se retire plus bas, avec sa raison."
    >
      <IntentForm
        intent="correct"
        schema={roundCorrectionSchema(open.map((m) => m.id))}
        result={result}
        values={values}
        submit="Enregistrer les corrections"
      >
        <Token round={round} />
        <TextInput name="inspector" label="Visite faite par" required autoComplete="off" />
        <InspectionRows
          plots={open.map((m) => ({
            id: m.id,
            number: m.number,
            holder: m.holder,
            hasEmail: m.hasEmail,
            warned: m.result === "avertissement" ? { mailed: m.mailed } : undefined,
          }))}
        />
      </IntentForm>
    </Section>
  );
}

/** The warnings withdrawn from this round: when, by whom, why. */
export function WithdrawnWarnings({ marks }: { marks: Mark[] }) {
  const withdrawn = marks.filter((m) => m.withdrawn);
  if (withdrawn.length === 0) return null;
  return (
    <Section id="retires" title="Avertissements retirés">
      <ul className="divide-y divide-stone-200">
        {withdrawn.map((m) => (
          <li key={m.id} className="py-2">
            <strong>{plotLabel(m)}</strong> : « {m.note} », retiré le {m.withdrawn!.on} par {m.withdrawn!.by} —{" "}
            {m.withdrawn!.reason}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** « Ajouter une parcelle oubliée »: a plot that had a holder on the round's day and no mark yet. */
export function RoundAddition({
  round,
  addable,
  result,
}: {
  round: Round;
  addable: { id: number; number: number; holder: string; hasEmail: boolean }[];
  result: IntentResult | undefined;
}) {
  if (addable.length === 0) return null;
  return (
    <Section
      id="ajouter"
      title="Ajouter une parcelle oubliée"
      description={`Les parcelles qui avaient un jardinier le ${round.date} et ne sont pas dans la visite. Le jardinier noté est celui de ce jour-là.`}
    >
      <IntentForm
        intent="add"
        schema={roundAdditionSchema}
        result={result}
        values={{ resultat: "conforme" }}
        order={["plotId", "resultat", "remarque"]}
        submit="Ajouter la parcelle"
      >
        <Token round={round} />
        <Select
          name="plotId"
          label="Parcelle"
          required
          options={addable.map((p) => [String(p.id), plotLabel(p)] as const)}
        />
        <RadioGroup
          name="resultat"
          label="Résultat"
          required
          options={[
            ["conforme", "Conforme"],
            ["avertissement", "Avertissement"],
          ]}
        />
        <TextInput name="remarque" label="Remarque" hint="Obligatoire avec un avertissement : le jardinier la lira." />
        {addable.some((p) => p.hasEmail) && (
          <Checkbox name="courriel">Envoyer l'avertissement par e-mail au jardinier (s'il a une adresse)</Checkbox>
        )}
      </IntentForm>
    </Section>
  );
}

/** « Retirer un avertissement »: which one, and why; the gardener who received it by e-mail is told. */
export function WarningWithdrawal({
  round,
  marks,
  result,
}: {
  round: Round;
  marks: Mark[];
  result: IntentResult | undefined;
}) {
  const warned = marks.filter((m) => m.result === "avertissement" && !m.withdrawn);
  if (warned.length === 0) return null;
  return (
    <Section
      id="retirer"
      title="Retirer un avertissement"
      description="Un avertissement retiré reste visible, barré, avec sa raison, sur la fiche de la parcelle et du jardinier ; il ne compte plus pour l'exclusion. Si l'avertissement avait été envoyé par e-mail, le jardinier reçoit la raison du retrait."
    >
      <IntentForm
        intent="withdraw"
        schema={warningWithdrawalSchema}
        result={result}
        values={{ markId: warned.length === 1 ? String(warned[0]!.id) : "" }}
        order={["markId", "reason"]}
        submit="Retirer l'avertissement"
      >
        <Token round={round} />
        <Select
          name="markId"
          label="Avertissement"
          required
          options={warned.map((m) => [String(m.id), `${plotLabel(m)} : ${m.note}`] as const)}
        />
        <TextArea name="reason" label="Raison du retrait" required rows={2} />
      </IntentForm>
    </Section>
  );
}

/** « Supprimer la visite », entered by mistake; refused by the server while an e-mailed warning is not withdrawn. */
export function RoundDeletion({ round }: { round: Round }) {
  return (
    <Section
      id="supprimer"
      title="Supprimer la visite"
      description="Pour une visite enregistrée par erreur. Un avertissement envoyé par e-mail doit d'abord être retiré."
    >
      <ConfirmDialog
        trigger="Supprimer la visite"
        title="Supprimer la visite"
        message={`Supprimer la visite du ${round.date} et toutes ses notes ? L'historique en garde la trace.`}
        confirm="Supprimer"
        fields={{ intent: "delete", token: round.token }}
      />
    </Section>
  );
}
