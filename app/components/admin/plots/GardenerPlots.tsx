import type { ReactNode } from "react";
import { Link } from "react-router";
import { Section } from "~/components/admin/admin-ui";
import { DateTimeInput, Select } from "~/components/form/fields";
import { departureFormSchema, holdingFormSchema } from "~/modules/register/plots.schema";
import { IntentForm, type IntentResult } from "./IntentForm";

interface Holding {
  id: number;
  plotId: number;
  name: string;
  from: string;
  /** Begins after today (a date entered before decision 025). */
  upcoming?: boolean;
  to: string;
  current: boolean;
  /** The account may open the plot and record its departure (the register's; a referent: their sites' plots). */
  mine: boolean;
}

const LEAVING_STATES = [
  ["remise_en_etat", "En remise en état"],
  ["libre", "Libre"],
] as const;

/**
 * A gardener's plots, now and before; their departure; another free plot given to them. Read only without
 * `editable` (the treasurer); a referent leaves out of the departure the plots of other sites.
 */
export function GardenerPlots({
  holdings,
  planned = [],
  freePlots,
  today,
  result,
  formerGardener,
  departureExtra,
  editable,
}: {
  holdings: Holding[];
  /** Plots given from a later day (decision 036). */
  planned?: { id: number; plot: string; from: string }[];
  /** The departure and allotment forms are shown. */
  editable: boolean;
  /** Left already: no departure to record. */
  formerGardener: boolean;
  /** What the departure also asks (the fee still owed). */
  departureExtra?: ReactNode;
  freePlots: (readonly [string, string])[];
  today: string;
  result: IntentResult | undefined;
}) {
  const current = holdings.filter((h) => h.current);
  const mine = current.filter((h) => h.mine);
  const leaving = [
    ...(current.length > 1 && mine.length === current.length ? [["", "Toutes ses parcelles"] as const] : []),
    ...mine.map((h) => [String(h.id), h.name] as const),
  ];
  return (
    <Section id="parcelles" title="Parcelles">
      {holdings.length === 0 ? (
        <p className="text-stone-700">Aucune parcelle.</p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {holdings.map((h) => (
            <li key={h.id} className="py-2">
              {h.mine ? (
                <Link
                  to={`/admin/parcelles/${h.plotId}`}
                  className="font-semibold text-brand-800 underline underline-offset-2"
                >
                  {h.name}
                </Link>
              ) : (
                <span className="font-semibold text-stone-900">{h.name}</span>
              )}{" "}
              — {h.upcoming ? `à partir du ${h.from}` : `du ${h.from} ${h.current ? "à aujourd'hui" : `au ${h.to}`}`}
            </li>
          ))}
        </ul>
      )}
      {planned.length > 0 && (
        <ul className="mt-2">
          {planned.map((p) => (
            <li key={p.id} className="py-1">
              <span className="font-semibold text-stone-900">{p.plot.charAt(0).toUpperCase() + p.plot.slice(1)}</span> —
              prévue à partir du {p.from}
            </li>
          ))}
        </ul>
      )}
      {editable && !formerGardener && (current.length === 0 || mine.length > 0) && (
        <>
          <h3 className="mt-6 font-bold text-stone-900">Départ</h3>
          <IntentForm
            intent="departure"
            schema={departureFormSchema}
            result={result}
            values={{ endDate: today, plotState: "remise_en_etat", holdingId: leaving[0]?.[0] ?? "" }}
            order={["holdingId", "endDate", "plotState"]}
            submit="Enregistrer le départ"
            className="mt-3 space-y-4"
          >
            {current.length === 0 ? (
              <div className="grid gap-4 sm:grid-cols-3">
                <input type="hidden" name="plotState" value="libre" />
                <DateTimeInput name="endDate" type="date" label="Date de départ" required />
              </div>
            ) : (
              <div className="grid gap-4 sm:grid-cols-3">
                <Select name="holdingId" label="Parcelle quittée" options={leaving} placeholder={null} />
                <DateTimeInput name="endDate" type="date" label="Date de départ" required />
                <Select name="plotState" label="La parcelle devient" options={LEAVING_STATES} placeholder={null} />
              </div>
            )}
            {departureExtra}
          </IntentForm>
        </>
      )}
      {editable && (
        <>
          <h3 className="mt-6 font-bold text-stone-900">Attribuer une autre parcelle</h3>
          {freePlots.length === 0 ? (
            <p className="mt-2 text-stone-700">Aucune parcelle libre pour l'instant.</p>
          ) : (
            <IntentForm
              intent="allot"
              schema={holdingFormSchema}
              result={result}
              values={{ startDate: today }}
              order={["plotId", "startDate"]}
              submit="Attribuer"
              className="mt-3 space-y-4"
            >
              <div className="grid gap-4 sm:grid-cols-2">
                <Select name="plotId" label="Parcelle libre" options={freePlots} required />
                <DateTimeInput
                  name="startDate"
                  type="date"
                  label="À partir du"
                  required
                  hint="Une date à venir prévoit l'attribution : la parcelle reste libre jusque-là."
                />
              </div>
            </IntentForm>
          )}
        </>
      )}
    </Section>
  );
}
