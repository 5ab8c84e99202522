import { Form } from "react-router";
import { AdminSection, adminButton } from "~/components/admin/admin-ui";
import { AccountInput, errorOn, FormMessage, NewPasswordFields, type FormRefusal } from "./fields";

/** 'Changer mon mot de passe': the current one, then the new one twice. */
export function PasswordSection({ refusal }: { refusal: FormRefusal | null }) {
  return (
    <AdminSection id="mot-de-passe" title="Changer mon mot de passe">
      <Form method="post" className="max-w-md space-y-4">
        <input type="hidden" name="intent" value="password" />
        <FormMessage refusal={refusal} fields={["current", "password", "confirmation"]} />
        <AccountInput
          label="Mot de passe actuel"
          name="current"
          type="password"
          autoComplete="current-password"
          error={errorOn(refusal, "current")}
        />
        <NewPasswordFields label="Nouveau mot de passe" refusal={refusal} />
        <button type="submit" className={adminButton}>
          Changer le mot de passe
        </button>
      </Form>
    </AdminSection>
  );
}
