import { useCallback, useState } from "react";
import type { Route } from "./+types/settings";
import { ApplicationLabelsSettings } from "~/components/admin/settings/ApplicationLabelsSettings";
import { AssociationPageSettings } from "~/components/admin/settings/AssociationPageSettings";
import { IdentitySettings } from "~/components/admin/settings/IdentitySettings";
import { ImageSettings } from "~/components/admin/settings/ImageSettings";
import { SettingsContext } from "~/components/admin/settings/settings-ui";
import { ContactSettings, HomeTextsSettings, PlotsSettings } from "~/components/admin/settings/TextSettings";
import { PlotMailsSettings } from "~/components/admin/settings/PlotMailsSettings";
import { AdminPage } from "~/components/admin/AdminPage";
import { RetentionSettings } from "~/components/admin/settings/RetentionSettings";
import { adminMeta } from "~/modules/seo/seo";
import { currentActor } from "~/modules/history/actor.server";
import {
  handleSettingsForm,
  settingsData,
  settingsRefusal,
  SETTINGS_FILE_FIELDS,
} from "~/modules/settings/settings.admin.server";
import type { SettingsResult } from "~/modules/settings/settings";
import { FormError, readSubmittedForm, type SubmittedForm } from "~/modules/forms/multipart.server";
import { electedPresident } from "~/modules/assembly/assembly.election.server";

export function meta() {
  return adminMeta("Paramètres");
}

export async function loader() {
  const [stored, president] = await Promise.all([settingsData(), electedPresident()]);
  return { ...stored, president };
}

export async function action({ request, context }: Route.ActionArgs) {
  let form: SubmittedForm;
  try {
    // Image forms are multipart (their files go with them when JavaScript is off); the others are not.
    form = await readSubmittedForm(request, {
      maxFiles: 1,
      maxFields: 40,
      maxFieldSize: 1024 * 1024,
      fileFields: SETTINGS_FILE_FIELDS,
    });
  } catch (error) {
    if (error instanceof FormError) return settingsRefusal(null, error.message, error.status);
    throw error;
  }
  try {
    return await handleSettingsForm(form, currentActor(context));
  } finally {
    await form.cleanup();
  }
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const stored = loaderData;
  const [closedResult, setClosedResult] = useState<SettingsResult | null>(null);
  const result = actionData ?? null;
  const popupMessage = result && result !== closedResult ? result.message : null;
  const closePopup = useCallback(() => setClosedResult(result), [result]);
  return (
    <SettingsContext value={{ stored, result }}>
      <AdminPage
        title="Paramètres"
        roomBelow
        intro={
          <p className="mt-2 text-stone-600">
            Textes, images, identité de l'association et informations de contact du site.
          </p>
        }
        popup={{ message: popupMessage, close: closePopup, error: !result?.ok }}
      >
        <ImageSettings imageAccueil={stored.imageAccueil} headerIcon={stored.headerIcon} imageAlts={stored.imageAlts} />
        <HomeTextsSettings />
        <PlotsSettings register={stored.plotRegister} />
        <PlotMailsSettings />
        <AssociationPageSettings images={stored.imagesAssociation} imageAlts={stored.imageAlts} />
        <ContactSettings />
        <IdentitySettings stored={stored} president={stored.president} />
        <ApplicationLabelsSettings labels={stored.applicationLabels} />
        <RetentionSettings values={stored.retention} />
      </AdminPage>
    </SettingsContext>
  );
}
