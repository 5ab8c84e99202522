import { Form } from "react-router";
import { SendButton } from "~/components/form/buttons";
import { Checkbox, FieldGroup, FormFields, RadioGroup, Select, TextArea, TextInput } from "~/components/form/fields";
import { FormAlerts } from "~/components/form/messages";
import { useFormValidation } from "~/components/form/use-form-validation";
import { PLOT_SIZE_LABELS, TEMPS_DISPONIBLE_LABELS, VILLE_LABELS } from "~/lib/constants";
import type { PublicFormResult } from "~/modules/forms/public-form";
import type { ApplicationField } from "~/modules/applications/applications.schema";

export interface CommitmentText {
  text: string;
  version: string;
  /** Rules filed as a document: the file the applicant reads, in place of the text. */
  document?: { title: string; href: string; facts: string };
}

interface ApplicationFormProps {
  labels: Record<ApplicationField, string>;
  charte: CommitmentText;
  reglement: CommitmentText;
  result: PublicFormResult | undefined;
}

/** The charter or the rules, folded under its box: read before ticking, with the version being accepted. */
function CommitmentDetails({ summary, document }: { summary: string; document: CommitmentText }) {
  return (
    <details className="ml-8 rounded-lg bg-stone-50 px-4 py-2 ring-1 ring-stone-200">
      <summary className="cursor-pointer py-1 font-medium text-brand-800">{summary}</summary>
      <div className="space-y-2 py-2 text-sm leading-relaxed text-stone-800">
        {document.document ? (
          <p>
            <a href={document.document.href} className="font-semibold text-brand-800 underline underline-offset-2">
              {document.document.title}
            </a>{" "}
            ({document.document.facts})
          </p>
        ) : (
          document.text.split("\n").map((line, i) => <p key={i}>{line}</p>)
        )}
        <p className="text-xs text-stone-600">Version {document.version}</p>
      </div>
    </details>
  );
}

const options = (labels: Record<string, string>) => Object.entries(labels) as [string, string][];

/** The fields as the form shows them. */
const FORM_ORDER: ApplicationField[] = [
  "nom",
  "email",
  "telephoneportable",
  "adresse",
  "ville",
  "telephonefixe",
  "taillejardin",
  "tempsdisponible",
  "experience",
  "budgetconnu",
  "inspectionconnu",
  "engagementcharte",
  "engagementreglement",
  "engagementlieupublic",
  "motivations",
];

/**
 * The garden application form of product §3 and §5, working without JavaScript; labels from form_fields, which the
 * messages repeat (the schema is built from them, as the action builds it).
 */
export function ApplicationForm({ labels, charte, reglement, result }: ApplicationFormProps) {
  const refused = result && result.status !== "sent" ? result : undefined;
  const { errors, formProps } = useFormValidation(
    () =>
      import("~/modules/applications/applications.schema").then((module) => module.applicationFormSchemaFor(labels)),
    refused?.status === "invalid" ? refused.errors : undefined,
  );
  return (
    <Form method="post" noValidate {...formProps} className="relative space-y-6">
      <FormFields state={{ id: "demande", errors, values: refused?.values ?? {}, order: FORM_ORDER }}>
        <FormAlerts refused={refused} />
        <p className="text-sm text-stone-700">
          Les champs marqués d'un astérisque (<span aria-hidden="true">*</span>
          <span className="sr-only">astérisque</span>) sont obligatoires.
        </p>

        <FieldGroup title="Vous">
          <TextInput name="nom" label={labels.nom} required autoComplete="name" />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextInput name="email" label={labels.email} required type="email" autoComplete="email" inputMode="email" />
            <TextInput
              name="telephoneportable"
              label={labels.telephoneportable}
              required
              type="tel"
              autoComplete="mobile tel"
              hint="Par exemple 06 12 34 56 78"
            />
          </div>
          <TextInput name="adresse" label={labels.adresse} required autoComplete="address-line1" />
          <div className="grid gap-5 sm:grid-cols-2">
            <Select name="ville" label={labels.ville} required options={options(VILLE_LABELS)} />
            <TextInput
              name="telephonefixe"
              label={labels.telephonefixe}
              type="tel"
              autoComplete="home tel"
              hint="Par exemple 04 12 34 56 78"
            />
          </div>
        </FieldGroup>

        <FieldGroup title="Votre jardin">
          <RadioGroup name="taillejardin" label={labels.taillejardin} required options={options(PLOT_SIZE_LABELS)} />
          <RadioGroup
            name="tempsdisponible"
            label={labels.tempsdisponible}
            required
            options={options(TEMPS_DISPONIBLE_LABELS)}
          />
          <TextArea
            name="experience"
            label={labels.experience}
            required
            rows={3}
            hint="Débutant ou jardinier aguerri, dites-nous en quelques mots."
          />
        </FieldGroup>

        <FieldGroup title="Nos règles">
          <Checkbox name="budgetconnu" required>
            {labels.budgetconnu}
          </Checkbox>
          <Checkbox name="inspectionconnu" required>
            {labels.inspectionconnu}
          </Checkbox>
          <Checkbox name="engagementcharte" required>
            {labels.engagementcharte}
          </Checkbox>
          <CommitmentDetails summary="Lire la charte du jardinage naturel" document={charte} />
          <Checkbox name="engagementreglement" required>
            {labels.engagementreglement}
          </Checkbox>
          <CommitmentDetails summary="Lire le règlement intérieur" document={reglement} />
          <Checkbox name="engagementlieupublic" required>
            {labels.engagementlieupublic}
          </Checkbox>
          {/* The versions read above: the server records them with the application and checks they are current. */}
          <input type="hidden" name="charte_version" value={charte.version} />
          <input type="hidden" name="reglement_version" value={reglement.version} />
        </FieldGroup>

        <FieldGroup title="Votre projet">
          <TextArea
            name="motivations"
            label={labels.motivations}
            required
            rows={6}
            hint="Pourquoi souhaitez-vous une parcelle ? Ce que vous aimeriez cultiver, partager…"
          />
        </FieldGroup>

        <SendButton className="w-full text-lg sm:w-auto">Envoyer ma demande</SendButton>
      </FormFields>
    </Form>
  );
}
