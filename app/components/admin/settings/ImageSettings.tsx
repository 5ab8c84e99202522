import { Section } from "~/components/admin/admin-ui";
import { SubmitButton } from "~/components/form/buttons";
import { Form } from "react-router";
import { useState } from "react";
import { ImageDescription, ImageField } from "~/components/form/ImageField";
import { altOf, type ImageAlts } from "~/lib/image-alt";
import { CurrentImage, useSettingsForm } from "./settings-ui";

function SingleImageForm({
  intent,
  field,
  title,
  current,
  currentAlt,
  label,
  removeLabel,
  save,
  round,
}: {
  intent: "homeImage" | "headerIcon";
  field: string;
  title: string;
  current: string | null;
  currentAlt: string | null;
  label: string;
  removeLabel: string;
  save: string;
  round?: boolean;
}) {
  const { errorFor } = useSettingsForm(intent);
  const [chosen, setChosen] = useState(false);
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
        onChange={(value) => setChosen(value !== null)}
      />
      {/* The image shown once saved: the new one when one is chosen, else the current one. */}
      <ImageDescription
        key={`${current ?? ""}-${chosen}`}
        base={field}
        image={title}
        initial={chosen ? null : currentAlt}
        hasImage={Boolean(current) || chosen}
      />
      <SubmitButton intent={intent}>{save}</SubmitButton>
    </Form>
  );
}

/** 'Page d’accueil - Image': the home image and the header icon, each its own form. */
export function ImageSettings({
  imageAccueil,
  headerIcon,
  imageAlts,
}: {
  imageAccueil: string | null;
  headerIcon: string | null;
  imageAlts: ImageAlts;
}) {
  return (
    <Section id="settings-home-image" title="Page d’accueil - Image">
      <div className="grid gap-8 md:grid-cols-2">
        <SingleImageForm
          intent="homeImage"
          field="imageAccueil"
          title="Image d’accueil"
          current={imageAccueil}
          currentAlt={altOf(imageAlts, imageAccueil)}
          label="Nouvelle image d’accueil"
          removeLabel="Retirer la nouvelle image d’accueil"
          save="Enregistrer l’image d’accueil"
        />
        <SingleImageForm
          intent="headerIcon"
          field="headerIcon"
          title="Icône de header"
          current={headerIcon}
          currentAlt={altOf(imageAlts, headerIcon)}
          label="logo site admin"
          removeLabel="Retirer le nouveau logo"
          save="Enregistrer l’icône"
          round
        />
      </div>
    </Section>
  );
}
