import { Form } from "react-router";
import { SubmitButton } from "~/components/form/buttons";
import { quietButtonClass } from "~/components/form/styles";

/**
 * Whether a gardener receives the information letters to gardeners (decision 029): since when not, and how they
 * said so (a letter's link, their mail client, the bureau). The bureau records what was asked by phone or at the
 * permanence; the service messages of the membership go whatever the choice.
 */
export function GardenerLetters({
  letters,
  editable,
}: {
  letters: { optedOut: boolean; since: string; how: string };
  editable: boolean;
}) {
  return (
    <div className="space-y-3">
      <p className="text-stone-800">
        {letters.optedOut
          ? `Ne reçoit plus les lettres d'information aux jardiniers depuis le ${letters.since}${letters.how ? ` (${letters.how})` : ""}.`
          : "Reçoit les lettres d'information aux jardiniers."}{" "}
        <span className="text-stone-600">
          Les messages de service (cotisation, coupure d'eau, convocation à l'assemblée générale) lui parviennent dans
          tous les cas.
        </span>
      </p>
      {editable ? (
        <Form method="post">
          <SubmitButton
            intent={letters.optedOut ? "letters-in" : "letters-out"}
            sendsIntent
            className={quietButtonClass}
          >
            {letters.optedOut
              ? "Lui envoyer de nouveau les lettres d'information"
              : "Ne plus lui envoyer les lettres d'information"}
          </SubmitButton>
        </Form>
      ) : null}
    </div>
  );
}
