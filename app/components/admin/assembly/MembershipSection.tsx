import { Link } from "react-router";
import { Section } from "~/components/admin/admin-ui";
import { counted } from "~/lib/text";

interface Membership {
  rule: string;
  members: readonly { key: string; name: string; reason: string; voices: number }[];
  excluded: readonly { name: string; reason: string }[];
}

/**
 * Before the convocation: who the statutes' rule makes a member now, and why; the current gardeners it leaves out,
 * and why (decision 030). The lists open on demand, long as they may be.
 */
export function MembershipSection({ membership }: { membership: Membership }) {
  const { members, excluded } = membership;
  return (
    <Section
      id="membres"
      title="Qui est membre"
      description={
        <>
          Règle des statuts : {membership.rule.toLowerCase()}, et les membres ajoutés à la main.{" "}
          <Link to="/admin/assemblees/membres" className="font-semibold text-brand-800 underline">
            Membres sans parcelle
          </Link>
        </>
      }
    >
      <div className="space-y-3">
        <details className="rounded-lg border border-stone-200 p-3">
          <summary className="cursor-pointer font-semibold text-stone-900">
            {counted(members.length, "membre", "membres")} selon cette règle : voir qui et pourquoi
          </summary>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Membres selon la règle des statuts</caption>
              <thead>
                <tr className="border-b border-stone-300">
                  {["Membre", "Pourquoi", "Voix"].map((h) => (
                    <th key={h} scope="col" className="p-2">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {members.map((m) => (
                  <tr key={m.key} className="border-b border-stone-200">
                    <td className="p-2">{m.name}</td>
                    <td className="p-2">{m.reason}</td>
                    <td className="p-2">{m.voices}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
        {excluded.length > 0 ? (
          <details className="rounded-lg border border-stone-200 p-3">
            <summary className="cursor-pointer font-semibold text-stone-900">
              {counted(excluded.length, "jardinier actuel n'est pas membre", "jardiniers actuels ne sont pas membres")}{" "}
              selon cette règle
            </summary>
            <ul className="mt-2 space-y-1 text-sm">
              {excluded.map((p, i) => (
                <li key={i}>
                  {p.name} : {p.reason}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
    </Section>
  );
}
