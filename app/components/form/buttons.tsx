import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { UPLOADING_MESSAGE } from "./ImageField";
import { Honeypot } from "./Honeypot";
import { buttonClass } from "./styles";

/**
 * A form's button, which says the form is being sent while it is: while the page sends a form, or only its own
 * when the page has several (`intent`, the hidden field that tells them apart). `waiting` (an image still
 * uploading) says so too, without disabling it: pressed, the form waits (product §5).
 */
export function SubmitButton({
  children,
  intent,
  sendsIntent = false,
  busyText = "Enregistrement…",
  waiting,
  disabled,
  form,
  className = buttonClass,
}: {
  children: ReactNode;
  intent?: string;
  /** The button itself carries `intent` (the forms whose buttons do different things); else a hidden field does. */
  sendsIntent?: boolean;
  busyText?: string;
  waiting?: boolean;
  disabled?: boolean;
  /** The id of the form it sends, when it stands outside it. */
  form?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <button
      type="submit"
      form={form}
      name={sendsIntent ? "intent" : undefined}
      value={sendsIntent ? intent : undefined}
      disabled={sending || disabled}
      aria-disabled={waiting || undefined}
      className={className}
    >
      {waiting ? UPLOADING_MESSAGE : sending ? busyText : children}
    </button>
  );
}

/** The end of a public form: the honeypot, and the button, which says the form is being sent. */
export function SendButton({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <>
      <Honeypot />
      <SubmitButton busyText="Envoi en cours…" className={`${buttonClass} min-h-12 rounded-xl px-6 py-3 ${className}`}>
        {children}
      </SubmitButton>
    </>
  );
}

/** The end of a back-office form: its buttons on a line under a rule (each says when its form is being sent). */
export function FormFooter({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-stone-200 pt-5">{children}</div>;
}
