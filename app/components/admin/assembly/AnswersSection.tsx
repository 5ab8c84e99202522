import { counted } from "~/lib/text";
import { Section } from "~/components/admin/admin-ui";

interface MemberAnswer {
  id: number;
  name: string;
  voices: number;
  reason: string;
  left: string | null;
  answer: string;
  holder: string;
  holding: number;
}

/** Once convened: each member's answer, the proxy they gave and the proxies they hold. */
export function AnswersSection({
  answers,
  members,
}: {
  answers: { present: number; proxies: number; absent: number; none: number };
  members: readonly MemberAnswer[];
}) {
  return (
    <Section
      id="reponses"
      title="Réponses des membres"
      description={`${counted(answers.present, "présent", "présents")}, ${counted(answers.proxies, "pouvoir", "pouvoirs")}, ${counted(answers.absent, "absent", "absents")}, ${answers.none} sans réponse.`}
    >
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Réponses des membres</caption>
          <thead>
            <tr className="border-b border-stone-300">
              {["Membre", "Voix", "Réponse", "Pouvoirs détenus"].map((h) => (
                <th key={h} scope="col" className="p-2">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id} className="border-b border-stone-200">
                <td className="p-2">
                  {m.name}
                  {m.reason ? <span className="block text-stone-600">{m.reason}</span> : null}
                  {m.left ? <span className="block font-semibold text-red-800">{m.left} : ne compte plus</span> : null}
                </td>
                <td className="p-2">{m.voices}</td>
                <td className="p-2">{m.holder ? `Pouvoir à ${m.holder}` : m.answer}</td>
                <td className="p-2">{m.holding || ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
