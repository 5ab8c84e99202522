import { useCallback, useState } from "react";
import { useLocation, useNavigation } from "react-router";

/**
 * The popup after a save (`done`, from the page's `?fait=` or the action's answer), and a key that starts the form
 * afresh. Both follow the navigation rather than the message: two articles published in a row each get their popup and
 * an empty form. An action's answer shows while the page's data is read again, before the navigation ends: closed
 * then, the popup stays closed at the location that navigation arrives at.
 */
export function useSaveNotice(done: string | null) {
  const { key } = useLocation();
  const arriving = useNavigation().location?.key;
  const [closedAt, setClosedAt] = useState<(string | undefined)[]>([]);
  const close = useCallback(() => setClosedAt([key, arriving]), [key, arriving]);
  return { message: done && !closedAt.includes(key) ? done : null, close, formKey: key };
}
