import type { ReactNode } from "react";
import { Link } from "react-router";
import type { entryScreen } from "~/modules/treasury/entries.admin.server";
import { treasuryLinkClass } from "./TreasuryNav";

type Screen = Awaited<ReturnType<typeof entryScreen>>;

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-3">
      <dt className="font-medium text-stone-700">{term}</dt>
      <dd className="[overflow-wrap:anywhere] sm:col-span-2">{children}</dd>
    </div>
  );
}

/** Every field of an entry, who wrote it and when, and what it is linked to (payment, deposit, statement, invoice). */
export function EntryFacts({ entry, payment }: Pick<Screen, "entry" | "payment">) {
  return (
    <dl className="divide-y divide-stone-200">
      <Fact term="Date">{entry.date}</Fact>
      <Fact term="Montant">
        <strong className="tabular-nums">{entry.amount}</strong>
      </Fact>
      <Fact term={entry.toAccount ? "Du compte" : "Compte"}>{entry.account}</Fact>
      {entry.toAccount ? <Fact term="Vers le compte">{entry.toAccount}</Fact> : null}
      {entry.category ? <Fact term="Catégorie">{entry.category}</Fact> : null}
      <Fact term="Moyen de paiement">
        {entry.means}
        {entry.chequeNumber ? ` n° ${entry.chequeNumber}` : ""}
        {entry.chequeBank ? ` (${entry.chequeBank})` : ""}
      </Fact>
      {entry.payer ? <Fact term="Tiers">{entry.payer}</Fact> : null}
      {entry.reference ? <Fact term="Référence">{entry.reference}</Fact> : null}
      <Fact term="Pièce justificative">
        {entry.attachment ? (
          <a href={`/admin/tresorerie/ecritures/${entry.id}/piece`} className={treasuryLinkClass}>
            Télécharger la pièce justificative ({entry.attachment})
          </a>
        ) : (
          "Aucune"
        )}
      </Fact>
      {payment ? (
        <Fact term="Paiement du registre">
          {payment.link ? (
            <Link to={payment.link} className={treasuryLinkClass}>
              {payment.fee ? "Voir la cotisation" : "Voir la fiche du jardinier"}
            </Link>
          ) : (
            "Écriture faite par un paiement du registre"
          )}
        </Fact>
      ) : null}
      {entry.depositedOn ? (
        <Fact term="Remise de chèques">
          <Link to={`/admin/tresorerie/remises/${entry.depositId}`} className={treasuryLinkClass}>
            Remis en banque le {entry.depositedOn}
          </Link>
        </Fact>
      ) : null}
      {entry.statementDate ? <Fact term="Rapprochement">Pointée sur le relevé du {entry.statementDate}</Fact> : null}
      <Fact term="Enregistrée">
        par {entry.enteredBy || "—"} le {entry.enteredAt}
        {entry.updatedAt ? `, corrigée le ${entry.updatedAt}` : ""}
      </Fact>
    </dl>
  );
}
