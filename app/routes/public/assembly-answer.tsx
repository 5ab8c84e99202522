import type { Route } from "./+types/assembly-answer";
import { AnswerForm } from "~/components/assembly/AnswerForm";
import { readFormData } from "~/modules/forms/form-data.server";
import { answerPage, saveAnswer } from "~/modules/assembly/assembly.answer.server";
import { answerLabel, proxiesText } from "~/modules/assembly/assembly.schema";

/**
 * /assemblee/:token — the personal link of a convocation: the member says whether they come, give a proxy to another
 * member (by name) or cannot come, until the assembly starts. A plain form: it works without JavaScript.
 */
export async function loader({ params }: Route.LoaderArgs) {
  return answerPage(params.token);
}

export async function action({ params, request }: Route.ActionArgs) {
  return saveAnswer(params.token, await readFormData(request));
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin" };
}

export function meta() {
  return [{ title: "Répondre à la convocation" }, { name: "robots", content: "noindex" }];
}

export default function AssemblyAnswerPage({ loaderData, actionData, params }: Route.ComponentProps) {
  if (!loaderData.known) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-6">
        <h1 className="text-3xl font-bold text-brand-800">Ce lien ne fonctionne plus</h1>
        <p className="mt-4 text-stone-800">
          Les liens personnels d'une assemblée générale sont effacés une fois celle-ci terminée.
        </p>
      </div>
    );
  }
  const page = loaderData;
  const current =
    page.answer === "pouvoir"
      ? `Vous donnez pouvoir à ${page.holderName}.`
      : page.answer
        ? `${answerLabel(page.answer, page.civility)}.`
        : "Vous n'avez pas encore répondu.";
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-3xl font-bold text-brand-800">{page.title}</h1>
      {page.practical.map((line) => (
        <p key={line} className="text-stone-800">
          {line}
        </p>
      ))}
      {page.agenda.length > 0 ? (
        <section className="mt-6" aria-labelledby="ordre-du-jour">
          <h2 id="ordre-du-jour" className="text-xl font-bold text-stone-900">
            Ordre du jour
          </h2>
          <ol className="mt-2 list-decimal space-y-1 pl-6 text-stone-800">
            {page.agenda.map((item) => (
              <li key={item.id}>
                {item.title}
                {item.isResolution ? " (résolution soumise au vote)" : ""}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {page.documents.length > 0 ? (
        <section className="mt-6" aria-labelledby="documents">
          <h2 id="documents" className="text-xl font-bold text-stone-900">
            Documents
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {page.documents.map((doc) => (
              <li key={doc.id}>
                <a
                  href={`/assemblee/${params.token}/documents/${doc.id}`}
                  className="font-medium text-brand-800 underline"
                >
                  {doc.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="mt-6" aria-labelledby="reponse">
        <h2 id="reponse" className="text-xl font-bold text-stone-900">
          Votre réponse, {page.name}
        </h2>
        {actionData?.ok ? (
          <output className="mt-2 block rounded-xl border-l-4 border-brand-700 bg-brand-50 p-4 font-medium text-stone-900">
            {actionData.message}
          </output>
        ) : (
          <p className="mt-2 text-stone-800">{current}</p>
        )}
        {page.holding.length > 0 ? (
          <p className="mt-2 text-stone-800">
            Vous détenez {proxiesText(page.holding.length)} : {page.holding.join(", ")}.
          </p>
        ) : null}
        {page.closed ? (
          <p className="mt-2 text-stone-800">{page.closed}</p>
        ) : (
          <AnswerForm
            chosen={{ answer: page.answer ?? "", holder: page.holderId ? String(page.holderId) : "" }}
            civility={page.civility}
            others={page.others}
            maxProxies={page.maxProxies}
            refused={actionData?.ok === false ? actionData : undefined}
          />
        )}
      </section>
    </div>
  );
}
