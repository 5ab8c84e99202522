import { useCallback, useState } from "react";
import { useLocation } from "react-router";

/**
 * The popup after a save (`done`, from the page's `?fait=`), and a key that starts the form afresh. Both follow the
 * navigation rather than the message: two articles published in a row each get their popup and an empty form.
 */
export function useSaveNotice(done: string | null) {
  const { key } = useLocation();
  const [closedAt, setClosedAt] = useState<string | null>(null);
  const close = useCallback(() => setClosedAt(key), [key]);
  return { message: done && closedAt !== key ? done : null, close, formKey: key };
}
