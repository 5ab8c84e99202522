import { createContext, useContext, type ReactNode } from "react";
import { useNavigation } from "react-router";
import { Image } from "~/components/Image";
import type { SettingsIntent, SettingsResult } from "~/modules/content/settings";

export const labelClass = "block font-medium text-stone-800";
const buttonClass =
  "min-h-11 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60";

/** What every settings form needs of the page: what is stored, and the answer to the last form sent. */
export const SettingsContext = createContext<{ stored: Record<string, unknown>; result: SettingsResult | null }>({
  stored: {},
  result: null,
});

/**
 * One form's view of the page: its field's error after a refusal, and each field's value: what was typed when the
 * form was refused, what is stored otherwise.
 */
export function useSettingsForm(intent: SettingsIntent) {
  const { stored, result } = useContext(SettingsContext);
  const navigation = useNavigation();
  const refusedHere = result && !result.ok && result.intent === intent ? result : null;
  return {
    busy: navigation.state === "submitting" && navigation.formData?.get("intent") === intent,
    errorFor: (field: string) => (refusedHere?.field === field ? (refusedHere.message ?? undefined) : undefined),
    valueFor: (field: string, storedValue: unknown = stored[field]) =>
      refusedHere?.values?.[field] ?? String(storedValue ?? ""),
  };
}

export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="scroll-mt-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <h2 id={id} className="text-lg font-bold text-stone-900">
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm text-stone-600">{description}</div> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function SaveButton({ busy, disabled, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="submit" disabled={busy || disabled} className={buttonClass}>
      {busy ? "Enregistrement…" : children}
    </button>
  );
}

export function CurrentImage({ src, alt, round = false }: { src: string | null; alt: string; round?: boolean }) {
  return (
    <div>
      <p className={labelClass}>Image actuelle</p>
      {src ? (
        <Image
          src={src}
          alt={alt}
          sizes={round ? "64px" : "192px"}
          className={
            round
              ? "mt-1 size-16 rounded-full object-cover ring-1 ring-stone-200"
              : "mt-1 aspect-[4/3] w-48 rounded-lg object-cover ring-1 ring-stone-200"
          }
        />
      ) : (
        <p className="mt-1 text-sm text-stone-600">Aucune image pour le moment.</p>
      )}
    </div>
  );
}
