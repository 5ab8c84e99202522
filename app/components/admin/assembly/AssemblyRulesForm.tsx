import { Section } from "~/components/admin/admin-ui";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { Select, TextInput } from "~/components/form/fields";
import {
  ASSEMBLY_KIND_LABELS,
  assemblySettingsSchema,
  MAJORITY_LABELS,
  MEMBERSHIP_LABELS,
  VOICE_BASIS_LABELS,
} from "~/modules/assembly/assembly.schema";
import { LockedFields } from "./LockedFields";

const ORDER = [
  "kind",
  "convocationDays",
  "voiceBasis",
  "maxProxies",
  "quorumPercent",
  "majority",
  "membership",
  "membershipFeeYear",
] as const;

function RulesFields() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Select name="kind" label="Nature" options={Object.entries(ASSEMBLY_KIND_LABELS)} placeholder={null} />
      <TextInput name="convocationDays" label="Délai de convocation (jours)" inputMode="numeric" />
      <Select name="voiceBasis" label="Voix" options={Object.entries(VOICE_BASIS_LABELS)} placeholder={null} />
      <TextInput name="maxProxies" label="Pouvoirs au plus par membre" inputMode="numeric" />
      <TextInput name="quorumPercent" label="Quorum (% des voix présentes ou représentées)" inputMode="numeric" />
      <Select name="majority" label="Majorité" options={Object.entries(MAJORITY_LABELS)} placeholder={null} />
      <Select
        name="membership"
        label="Membres convoqués"
        options={Object.entries(MEMBERSHIP_LABELS)}
        placeholder={null}
        hint="Les membres ajoutés à la main (sans parcelle) sont convoqués dans les deux cas."
      />
      <TextInput
        name="membershipFeeYear"
        label="Année de la cotisation à jour"
        inputMode="numeric"
        hint="Seulement pour « à jour de leur cotisation », par exemple 2026."
      />
    </div>
  );
}

/** The statutes' rules of this assembly; read-only once the convocation is sent. */
export function AssemblyRulesForm({
  settings,
  locked,
  result,
}: {
  settings: Record<(typeof ORDER)[number], string>;
  locked: boolean;
  result: IntentResult | undefined;
}) {
  return (
    <Section id="regles" title="Règles des statuts">
      {locked ? (
        <LockedFields id="settings" values={settings}>
          <RulesFields />
        </LockedFields>
      ) : (
        <IntentForm
          intent="settings"
          schema={assemblySettingsSchema}
          result={result}
          values={settings}
          order={ORDER}
          submit="Enregistrer les règles"
        >
          <RulesFields />
        </IntentForm>
      )}
    </Section>
  );
}
