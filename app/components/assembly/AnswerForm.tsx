import { Form } from "react-router";
import { SubmitButton } from "~/components/form/buttons";
import { FormFields, RadioGroup, Select } from "~/components/form/fields";
import { ErrorSummary, FormMessage } from "~/components/form/messages";
import { buttonClass } from "~/components/form/styles";
import { answerLabel, proxiesText } from "~/modules/assembly/assembly.schema";

const ORDER = ["answer", "holder"] as const;
/** The choices, « Je serai présente » when the member's record says madame. */
const choices = (civility: string) =>
  [
    ["present", answerLabel("present", civility)],
    ["pouvoir", "Je donne pouvoir à…"],
    ["absent", "Je ne pourrai pas venir"],
  ] as const;

/** What the answer's action sends back when it refuses: its message, on the field it is about if one. */
export interface AnswerRefusal {
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}

/**
 * The member's answer: present, a proxy to a member chosen in the list, or absent. A plain form checked by the
 * server: without JavaScript, the page sent back opens on the field in error, with what was chosen.
 */
export function AnswerForm({
  chosen,
  others,
  maxProxies,
  refused,
  action,
  civility = "",
}: {
  chosen: { answer: string; holder: string };
  /** The member's, as convened: the choices agree with it. */
  civility?: string;
  others: readonly { id: number; name: string }[];
  maxProxies: number;
  refused: AnswerRefusal | undefined;
  /** Where it posts: the page's own route when not given (the personal link's), « Mon jardin »'s answer route. */
  action?: string;
}) {
  const errors = refused?.errors ?? {};
  return (
    <Form method="post" action={action} noValidate className="mt-4 space-y-4">
      <FormFields state={{ id: "reponse", errors, values: refused?.values ?? chosen, order: ORDER }}>
        <ErrorSummary />
        <FormMessage message={refused && Object.keys(errors).length === 0 ? refused.message : null} />
        <RadioGroup name="answer" label="Votre réponse" required options={choices(civility)} />
        <Select
          name="holder"
          label="Membre qui votera pour moi"
          hint={`Si vous donnez pouvoir. Un membre peut détenir au plus ${proxiesText(maxProxies)} en plus de sa propre voix.`}
          placeholder="Choisir un membre"
          options={others.map((m) => [String(m.id), m.name] as const)}
        />
        <SubmitButton busyText="Envoi en cours…" className={`${buttonClass} min-h-12 rounded-xl px-6 py-3`}>
          Envoyer ma réponse
        </SubmitButton>
        <p className="text-sm text-stone-700">Vous pourrez changer votre réponse jusqu'au début de l'assemblée.</p>
      </FormFields>
    </Form>
  );
}
