import { Section } from "~/components/admin/admin-ui";
import { SubmitButton } from "~/components/form/buttons";
import { TextInput } from "~/components/form/fields";
import type { FormRefusal } from "~/components/form/messages";
import { DISPLAY_NAME_MAX } from "~/modules/accounts/accounts.schema";
import { AccountForm } from "./AccountForm";

/** « Nom affiché »: how the site names the signed-in person (the author of their articles); the username if empty. */
export function DisplayNameSection({
  username,
  displayName,
  refusal,
}: {
  username: string;
  displayName: string;
  refusal: FormRefusal | null;
}) {
  return (
    <Section
      id="nom-affiche"
      title="Nom affiché"
      description="Le nom qui signe vos articles (« par Josiane Martin »). Laissé vide, c'est votre identifiant."
    >
      <AccountForm refusal={refusal} fields={["displayName"]} className="max-w-md space-y-4">
        <input type="hidden" name="intent" value="displayName" />
        <TextInput
          label="Nom affiché"
          name="displayName"
          defaultValue={displayName}
          placeholder={username}
          maxLength={DISPLAY_NAME_MAX}
          autoComplete="name"
        />
        <SubmitButton intent="displayName">Enregistrer le nom affiché</SubmitButton>
      </AccountForm>
    </Section>
  );
}
