import { useEffect, useRef, useState, type RefObject } from "react";
import { useNavigation } from "react-router";
import { formatTime } from "~/lib/dates";
import { AUTOSAVE_PATH } from "~/modules/auth/background-paths";
import { AUTOSAVE_INTERVAL_MS } from "~/modules/publishing/editor.schema";

interface AutosaveState {
  savedAt: Date | null;
  failed: boolean;
}

/** The form's text fields (files are not kept), with what it edits. */
function autosaveBody(form: HTMLFormElement, kind: string, id: number | null) {
  const body = new FormData();
  body.set("kind", kind);
  body.set("id", id === null ? "" : String(id));
  for (const [name, value] of new FormData(form))
    if (typeof value === "string" && name !== "id") body.append(name, value);
  return body;
}

const fingerprint = (body: FormData) => JSON.stringify([...body.entries()]);

/**
 * While an administrator edits with JavaScript, what the form holds is kept on the server every 30 seconds when it
 * changed, and once more when the tab is hidden or closed (a beacon): a closed tab, a crash or an expired session
 * loses nothing. Never while the form itself is being sent: the save replaces the autosave.
 */
export function useAutosave(
  formRef: RefObject<HTMLFormElement | null>,
  { kind, id }: { kind: string; id: number | null },
): AutosaveState {
  const [state, setState] = useState<AutosaveState>({ savedAt: null, failed: false });
  const navigation = useNavigation();
  const sending = useRef(false);
  useEffect(() => {
    sending.current = navigation.state !== "idle";
  }, [navigation.state]);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    // The form as the page opened it: nothing to keep until it changes.
    let kept = fingerprint(autosaveBody(form, kind, id));
    function keep(closing: boolean) {
      const current = formRef.current;
      if (!current || sending.current) return;
      const body = autosaveBody(current, kind, id);
      const print = fingerprint(body);
      if (print === kept) return;
      if (closing) {
        if (navigator.sendBeacon(AUTOSAVE_PATH, body)) kept = print;
        return;
      }
      fetch(AUTOSAVE_PATH, { method: "POST", body, credentials: "same-origin" })
        .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
        .then(
          (answer: { savedAt: string }) => {
            kept = print;
            setState({ savedAt: new Date(answer.savedAt), failed: false });
          },
          () => setState((previous) => ({ ...previous, failed: true })),
        );
    }
    const timer = setInterval(() => keep(false), AUTOSAVE_INTERVAL_MS);
    const onHidden = () => document.visibilityState === "hidden" && keep(true);
    const onLeave = () => keep(true);
    document.addEventListener("visibilitychange", onHidden);
    window.addEventListener("pagehide", onLeave);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", onLeave);
    };
  }, [formRef, kind, id]);
  return state;
}

/** What the autosave last did, said politely to screen readers. */
export function AutosaveStatus({ state }: { state: AutosaveState }) {
  return (
    <p aria-live="polite" className="mt-3 min-h-5 text-sm text-stone-600">
      {state.failed
        ? "L'enregistrement automatique n'a pas pu se faire : ce que vous tapez reste dans la page, enregistrez-le."
        : state.savedAt
          ? `Modifications gardées automatiquement à ${formatTime(state.savedAt)} (non publiées).`
          : null}
    </p>
  );
}
