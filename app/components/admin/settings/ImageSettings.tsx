import { Form } from "react-router";
import { ImageField } from "~/components/ImageField";
import { CurrentImage, SaveButton, Section, useSettingsForm } from "./settings-ui";

function SingleImageForm({
  intent,
  field,
  title,
  current,
  label,
  removeLabel,
  save,
  round,
}: {
  intent: "homeImage" | "headerIcon";
  field: string;
  title: string;
  current: string | null;
  label: string;
  removeLabel: string;
  save: string;
  round?: boolean;
}) {
  const { busy, errorFor } = useSettingsForm(intent);
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <h3 className="font-semibold text-stone-900">{title}</h3>
      <CurrentImage src={current} alt={`${title} actuelle`} round={round} />
      <ImageField
        key={current ?? ""}
        mode="file"
        name={field}
        label={label}
        removeLabel={removeLabel}
        error={errorFor(field)}
      />
      <SaveButton busy={busy}>{save}</SaveButton>
    </Form>
  );
}

/** 'Page d’accueil - Image': the home image and the header icon, each its own form. */
export function ImageSettings({
  imageAccueil,
  headerIcon,
}: {
  imageAccueil: string | null;
  headerIcon: string | null;
}) {
  return (
    <Section id="settings-home-image" title="Page d’accueil - Image">
      <div className="grid gap-8 md:grid-cols-2">
        <SingleImageForm
          intent="homeImage"
          field="imageAccueil"
          title="Image d’accueil"
          current={imageAccueil}
          label="Nouvelle image d’accueil"
          removeLabel="Retirer la nouvelle image d’accueil"
          save="Enregistrer l’image d’accueil"
        />
        <SingleImageForm
          intent="headerIcon"
          field="headerIcon"
          title="Icône de header"
          current={headerIcon}
          label="logo site admin"
          removeLabel="Retirer le nouveau logo"
          save="Enregistrer l’icône"
          round
        />
      </div>
    </Section>
  );
}
