import { Section } from "~/components/admin/admin-ui";
import { SubmitButton } from "~/components/form/buttons";
import type { FormRefusal } from "~/components/form/messages";
import { AccountForm, NewPasswordFields, SecretInput } from "./AccountForm";

/** 'Changer mon mot de passe': the current one, then the new one twice. */
export function PasswordSection({ refusal }: { refusal: FormRefusal | null }) {
  return (
    <Section id="mot-de-passe" title="Changer mon mot de passe">
      <AccountForm refusal={refusal} fields={["current", "password", "confirmation"]} className="max-w-md space-y-4">
        <input type="hidden" name="intent" value="password" />
        <SecretInput label="Mot de passe actuel" name="current" autoComplete="current-password" />
        <NewPasswordFields label="Nouveau mot de passe" />
        <SubmitButton intent="password">Changer le mot de passe</SubmitButton>
      </AccountForm>
    </Section>
  );
}
