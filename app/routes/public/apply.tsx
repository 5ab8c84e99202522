import { Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/apply";
import { ApplicationForm } from "~/components/apply/ApplicationForm";
import { PlotsStatus } from "~/components/PlotsStatus";
import { clientIpContext, siteContentContext } from "~/request/context";
import { handlePublicForm, publicFormHeaders } from "~/modules/forms/public-form.server";
import type { PageHandle } from "~/lib/page-handle";
import { registerCounts } from "~/modules/register/plots.server";
import { pageMeta, siteFromMatches } from "~/modules/seo/seo";
import {
  APPLICATION_FIELDS,
  APPLY_FAILURE_MESSAGE,
  applicationFormSchemaFor,
  CHARTER_CHANGED_MESSAGE,
  RULES_CHANGED_MESSAGE,
} from "~/modules/applications/applications.schema";
import { submitApplication } from "~/modules/applications/applications.server";
import { applicationFormLabels } from "~/modules/applications/form-fields.server";
import { commitmentsInForce } from "~/modules/applications/commitments.server";

/** Kept in memory (docs/decisions/016): the page reads no query parameter. */
export const handle: PageHandle = { query: [] };

export async function loader({ context }: Route.LoaderArgs) {
  const [content, labels] = await Promise.all([context.get(siteContentContext), applicationFormLabels()]);
  return {
    labels,
    ...(await commitmentsInForce(content)),
    plots: (await registerCounts()) ?? { occupied: content.parcellesOccupees, total: content.parcellesTotal },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const [content, labels] = await Promise.all([context.get(siteContentContext), applicationFormLabels()]);
  const current = await commitmentsInForce(content);
  // The messages name the fields as the form showed them; the versions shown must be the ones in force: they are
  // what the applicant accepts.
  const schema = applicationFormSchemaFor(labels)
    .extend({ charte_version: z.string().optional(), reglement_version: z.string().optional() })
    .superRefine((values, ctx) => {
      if (values.charte_version !== current.charte.version)
        ctx.addIssue({ code: "custom", path: ["engagementcharte"], message: CHARTER_CHANGED_MESSAGE });
      if (values.reglement_version !== current.reglement.version)
        ctx.addIssue({ code: "custom", path: ["engagementreglement"], message: RULES_CHANGED_MESSAGE });
    });
  return handlePublicForm({
    form: "apply",
    request,
    ip: context.get(clientIpContext),
    keep: APPLICATION_FIELDS,
    schema,
    fields: [...APPLICATION_FIELDS, "charte_version", "reglement_version"],
    save: ({ charte_version, reglement_version, ...application }) =>
      submitApplication(application, {
        charteVersion: charte_version!,
        reglementVersion: reglement_version!,
        acceptedAt: new Date(),
      }),
    failureMessage: APPLY_FAILURE_MESSAGE,
  });
}

export const headers = publicFormHeaders;

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(siteFromMatches(matches), {
    title: "Demander une parcelle",
    description:
      "Demandez une parcelle dans nos jardins familiaux de Villeurbanne et Vaulx-en-Velin : le formulaire, nos règles et la liste d'attente.",
    path: location.pathname,
  });
}

export default function Apply({ loaderData, actionData }: Route.ComponentProps) {
  const { labels, charte, reglement, plots } = loaderData;
  if (actionData?.status === "sent") {
    return (
      <section className="mx-auto max-w-2xl px-4 py-10 text-center">
        <h1 className="text-3xl font-bold text-brand-800">Merci pour votre demande !</h1>
        <p className="mt-4 text-lg text-stone-800">
          Elle est bien enregistrée et un e-mail de confirmation vous a été envoyé. Les bénévoles de l'association
          l'étudieront et reviendront vers vous par e-mail ou par téléphone.
        </p>
        <Link
          to="/"
          className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          Retour à l'accueil
        </Link>
      </section>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-3xl font-bold text-brand-800 sm:text-4xl">Demander une parcelle</h1>
      <div className="mt-4 space-y-3 text-lg text-stone-800">
        <p>
          Nos parcelles sont attribuées par le bureau, dans l'ordre d'arrivée des demandes de chaque commune. Remplissez
          ce formulaire : vous recevrez une confirmation par e-mail, puis nous vous contacterons dès qu'une parcelle se
          libère.
        </p>
        <PlotsStatus
          occupied={plots.occupied}
          total={plots.total}
          className="rounded-xl bg-brand-50 px-4 py-3 text-brand-900 ring-1 ring-brand-100"
        />
      </div>
      <div className="mt-8">
        <ApplicationForm labels={labels} charte={charte} reglement={reglement} result={actionData} />
      </div>
    </div>
  );
}
