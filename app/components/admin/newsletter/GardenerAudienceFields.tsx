import type { ReactNode } from "react";
import { FieldError } from "~/components/form/FieldError";
import { useFormState } from "~/components/form/fields";
import { labelClass, quietButtonClass } from "~/components/form/styles";
import { SubmitButton } from "~/components/form/buttons";
import { counted } from "~/lib/text";
import type { letterScreen } from "~/modules/newsletter/letters.admin.server";

type Part = NonNullable<Awaited<ReturnType<typeof letterScreen>>["toGardeners"]>;

const optionClass =
  "flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-stone-300 bg-white px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700";
const boxClass = "mt-1 size-4 shrink-0 accent-brand-700";

/** What is chosen now: the form sent back (refused) or the saved draft. */
function chosen(part: Part, refused?: { values: Record<string, string>; lists: Record<string, string[]> }) {
  if (!refused)
    return {
      gardeners: part.gardeners,
      nature: part.nature,
      feeYear: String(part.feeYear ?? part.years[0] ?? ""),
      siteIds: part.siteIds.map(String),
      plotIds: part.plotIds.map(String),
    };
  return {
    gardeners: refused.values.gardeners || part.gardeners,
    nature: refused.values.nature || part.nature,
    feeYear: refused.values.feeYear ?? "",
    siteIds: refused.lists.siteIds ?? [],
    plotIds: refused.lists.plotIds ?? [],
  };
}

function Choice({
  name,
  value,
  checked,
  id,
  children,
  extra,
}: {
  name: string;
  value: string;
  checked: boolean;
  id?: string;
  children: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div className="rounded-lg">
      <label className={optionClass}>
        <input type="radio" name={name} value={value} defaultChecked={checked} id={id} className={boxClass} />
        <span>{children}</span>
      </label>
      {extra ? <div className="mt-2 ml-7">{extra}</div> : null}
    </div>
  );
}

/**
 * A letter to gardeners: to which ones (every current gardener, those of some sites, those whose fee of a year is not
 * settled, the holders of some plots) and its nature (an information letter each may decline, or a service message
 * of the membership), with what the saved draft would reach: « N jardiniers, dont M sans adresse e-mail ». Plain
 * radio buttons and boxes: the choice is counted again when the draft is saved, without JavaScript too.
 */
export function GardenerAudienceFields({
  part,
  letterId,
  refused,
}: {
  part: Part;
  letterId: number | null;
  refused?: { values: Record<string, string>; lists: Record<string, string[]> };
}) {
  const { errors } = useFormState();
  const now = chosen(part, refused);
  const f = part.figures;
  const sitesWithPlots = part.sites.filter((site) => site.plots.length > 0);
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className={labelClass}>Jardiniers destinataires</legend>
        <div className="mt-2 space-y-2">
          <Choice name="gardeners" value="actuels" checked={now.gardeners === "actuels"} id="lettre-gardeners">
            Tous les jardiniers actuels
          </Choice>
          <Choice
            name="gardeners"
            value="jardins"
            checked={now.gardeners === "jardins"}
            extra={
              part.sites.length === 0 ? (
                <p className="text-sm text-stone-600">Aucun jardin dans le registre.</p>
              ) : (
                <fieldset>
                  <legend className="sr-only">Jardins</legend>
                  <div className="grid gap-1 sm:grid-cols-2">
                    {part.sites.map((site, i) => (
                      <label key={site.id} className="flex cursor-pointer items-start gap-2">
                        <input
                          type="checkbox"
                          name="siteIds"
                          value={site.id}
                          id={i === 0 ? "lettre-siteIds" : undefined}
                          defaultChecked={now.siteIds.includes(String(site.id))}
                          aria-invalid={errors.siteIds ? true : undefined}
                          className={boxClass}
                        />
                        <span className="[overflow-wrap:anywhere]">{site.name}</span>
                      </label>
                    ))}
                  </div>
                  <FieldError id="lettre-siteIds-error" message={errors.siteIds} />
                </fieldset>
              )
            }
          >
            Les jardiniers de…
          </Choice>
          <Choice
            name="gardeners"
            value="cotisation"
            checked={now.gardeners === "cotisation"}
            extra={
              <div>
                <label htmlFor="lettre-feeYear" className="text-sm text-stone-700">
                  Année de la cotisation
                </label>
                <select
                  id="lettre-feeYear"
                  name="feeYear"
                  defaultValue={now.feeYear}
                  aria-invalid={errors.feeYear ? true : undefined}
                  className="ml-2 rounded-lg border border-stone-300 bg-white px-2 py-1"
                >
                  {part.years.map((year) => (
                    <option key={year} value={year}>
                      {year}
                    </option>
                  ))}
                </select>
                <FieldError id="lettre-feeYear-error" message={errors.feeYear} />
              </div>
            }
          >
            Cotisation non soldée (il reste quelque chose à payer)
          </Choice>
          <Choice
            name="gardeners"
            value="parcelles"
            checked={now.gardeners === "parcelles"}
            extra={
              sitesWithPlots.length === 0 ? (
                <p className="text-sm text-stone-600">Aucune parcelle attribuée.</p>
              ) : (
                <div className="space-y-2">
                  {sitesWithPlots.map((site, s) => (
                    <details
                      key={site.id}
                      open={site.plots.some((p) => now.plotIds.includes(String(p.id))) || undefined}
                      className="rounded-lg bg-stone-50 px-3 py-2 ring-1 ring-stone-200"
                    >
                      <summary className="cursor-pointer font-semibold [overflow-wrap:anywhere]">
                        {site.name} ({counted(site.plots.length, "parcelle attribuée", "parcelles attribuées")})
                      </summary>
                      <fieldset className="mt-2">
                        <legend className="sr-only">Parcelles du {site.name}</legend>
                        <div className="grid gap-1 sm:grid-cols-2">
                          {site.plots.map((plot, i) => (
                            <label key={plot.id} className="flex cursor-pointer items-start gap-2">
                              <input
                                type="checkbox"
                                name="plotIds"
                                value={plot.id}
                                id={s === 0 && i === 0 ? "lettre-plotIds" : undefined}
                                defaultChecked={now.plotIds.includes(String(plot.id))}
                                aria-invalid={errors.plotIds ? true : undefined}
                                className={boxClass}
                              />
                              <span className="[overflow-wrap:anywhere]">
                                n° {plot.number} — {plot.holder}
                              </span>
                            </label>
                          ))}
                        </div>
                      </fieldset>
                    </details>
                  ))}
                  <FieldError id="lettre-plotIds-error" message={errors.plotIds} />
                </div>
              )
            }
          >
            Titulaires des parcelles…
          </Choice>
        </div>
      </fieldset>
      <fieldset>
        <legend className={labelClass}>Nature du message</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          <Choice name="nature" value="information" checked={now.nature === "information"} id="lettre-nature">
            <strong>Lettre d'information</strong>
            <span className="block text-sm text-stone-600">
              Fête, atelier, nouvelles : chacun peut choisir de ne plus les recevoir (lien en bas de l'e-mail).
            </span>
          </Choice>
          <Choice name="nature" value="service" checked={now.nature === "service"}>
            <strong>Message de service</strong>
            <span className="block text-sm text-stone-600">
              Lié à la parcelle ou à l'adhésion (coupure d'eau, accès au jardin, cotisation, convocation) : pas de
              désabonnement.
            </span>
          </Choice>
        </div>
      </fieldset>
      <div className="rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200" id="lettre-figures">
        <p className="font-semibold text-stone-900">
          {counted(f.gardeners, "jardinier", "jardiniers")}, dont {f.withoutEmail} sans adresse e-mail
        </p>
        <p className="mt-1 text-sm text-stone-700">
          {part.label} : {counted(f.emails, "e-mail", "e-mails")} à envoyer,{" "}
          {counted(f.paper, "lettre à imprimer", "lettres à imprimer")}
          {f.optedOut
            ? `, ${counted(f.optedOut, "désabonné", "désabonnés")} des lettres d'information (ne ${f.optedOut > 1 ? "recevront" : "recevra"} rien)`
            : ""}
          .
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <SubmitButton intent="save" sendsIntent className={quietButtonClass}>
            Compter les destinataires
          </SubmitButton>
          {letterId && f.paper > 0 ? (
            <a
              href={`/admin/lettre/${letterId}/imprimer`}
              className="font-semibold text-brand-800 underline underline-offset-2"
            >
              Lettres à imprimer ({f.paper})
            </a>
          ) : null}
        </div>
        <p className="mt-2 text-xs text-stone-600">
          Les chiffres sont ceux des destinataires enregistrés ; la liste est arrêtée au moment de l'envoi.
        </p>
      </div>
    </div>
  );
}
