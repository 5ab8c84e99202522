import { AnswerForm, type AnswerRefusal } from "~/components/assembly/AnswerForm";
import { answerLabel, proxiesText } from "~/modules/assembly/assembly.schema";
import type { MyAssembly as Assembly } from "~/modules/garden-space/space-assembly.server";
import { MY_ASSEMBLY_PATH, myDocumentPath } from "~/modules/garden-space/space.labels";
import { cardClass, linkClass } from "./SpaceSection";

/** The gardener's answer as it stands. */
function currentAnswer(assembly: Assembly) {
  if (assembly.answer === "pouvoir") return `Vous donnez pouvoir à ${assembly.holderName}.`;
  return assembly.answer ? `${answerLabel(assembly.answer, assembly.civility)}.` : "Vous n'avez pas encore répondu.";
}

/**
 * The assembly the gardener is convened to: when and where, the agenda, the documents joined, their answer and the
 * form to give or change it (posting to « Mon jardin »'s answer route). `refused`: the answer sent back refused.
 * Its headings are one level under `level`'s (the space's section, or the answer's own page).
 */
export function MyAssembly({
  assembly,
  refused,
  level = 3,
}: {
  assembly: Assembly;
  refused?: AnswerRefusal;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div className={`${cardClass} space-y-5`}>
      <div>
        <Heading className="text-lg font-bold text-stone-900">{assembly.title}</Heading>
        {assembly.practical.map((line) => (
          <p key={line} className="text-stone-800">
            {line}
          </p>
        ))}
      </div>
      {assembly.agenda.length > 0 ? (
        <div>
          <Heading className="font-bold text-stone-900">Ordre du jour</Heading>
          <ol className="mt-2 list-decimal space-y-1 pl-6 text-stone-800">
            {assembly.agenda.map((item) => (
              <li key={item.id}>
                {item.title}
                {item.isResolution ? " (résolution soumise au vote)" : ""}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {assembly.documents.length > 0 ? (
        <div>
          <Heading className="font-bold text-stone-900">Documents joints à la convocation</Heading>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {assembly.documents.map((doc) => (
              <li key={doc.id}>
                <a href={myDocumentPath(doc.id)} className={linkClass}>
                  {doc.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <Heading className="font-bold text-stone-900">Votre présence</Heading>
        <p className="mt-2 text-stone-800">{currentAnswer(assembly)}</p>
        {assembly.holding.length > 0 ? (
          <p className="mt-2 text-stone-800">
            Vous détenez {proxiesText(assembly.holding.length)} : {assembly.holding.join(", ")}.
          </p>
        ) : null}
        {assembly.closed ? (
          <p className="mt-2 text-stone-800">{assembly.closed}</p>
        ) : (
          <AnswerForm
            action={MY_ASSEMBLY_PATH}
            chosen={{ answer: assembly.answer ?? "", holder: assembly.holderId ? String(assembly.holderId) : "" }}
            civility={assembly.civility}
            others={assembly.others}
            maxProxies={assembly.maxProxies}
            refused={refused}
          />
        )}
      </div>
    </div>
  );
}
