import { useId } from "react";
import { FieldError } from "~/components/FieldError";
import { TextField } from "~/components/TextField";
import { AD_TYPE_LABELS, AD_TYPES } from "~/lib/constants";
import type { AdEditing, ModeratedAd } from "./AdModerationCard";

/** The inline inputs of an ad being edited, filled with what was typed when a save was refused. */
export function AdEditFields({ ad, editing }: { ad: ModeratedAd; editing: AdEditing }) {
  const typeId = useId();
  const values = editing.values ?? {
    nom: ad.nom,
    email: ad.email ?? "",
    telephone: ad.telephone,
    type: ad.type,
    contenu: ad.contenu ?? "",
  };
  const errorOn = (field: string) => (editing.error?.field === field ? editing.error.message : undefined);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        label="Nom *"
        name="nom"
        defaultValue={values.nom}
        maxLength={200}
        error={errorOn("nom")}
        autoComplete="off"
      />
      <TextField
        label="E-mail"
        name="email"
        type="email"
        defaultValue={values.email}
        maxLength={254}
        error={errorOn("email")}
        autoComplete="off"
      />
      <TextField
        label="Téléphone *"
        name="telephone"
        type="tel"
        defaultValue={values.telephone}
        maxLength={50}
        error={errorOn("telephone")}
        autoComplete="off"
      />
      <div>
        <label htmlFor={typeId} className="block font-medium text-stone-800">
          Type *
        </label>
        <select
          id={typeId}
          name="type"
          defaultValue={values.type}
          aria-invalid={errorOn("type") ? true : undefined}
          aria-describedby={errorOn("type") ? `${typeId}-error` : undefined}
          className="mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700"
        >
          {AD_TYPES.map((type) => (
            <option key={type} value={type}>
              {AD_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
        <FieldError id={`${typeId}-error`} message={errorOn("type")} />
      </div>
      <div className="sm:col-span-2">
        <TextField
          label="Annonce"
          name="contenu"
          multiline
          rows={4}
          defaultValue={values.contenu}
          maxLength={5000}
          error={errorOn("contenu")}
        />
      </div>
    </div>
  );
}
