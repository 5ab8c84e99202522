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

/**
 * An editor page's popup and the refusal its form shows. A refusal carrying the form's values is the form's (its fields
 * marked); one without (a deletion refused from the lists, a form that could not be read) is said in the popup, as an
 * error, where the person is looking: the form is out of sight above the lists.
 */
export function useEditorNotice<Refused extends { values: object | null; message: string | null }>(
  done: string | null,
  refused: Refused | null,
) {
  const pageRefusal = refused && !refused.values ? refused.message : null;
  const notice = useSaveNotice(pageRefusal ?? done);
  return { notice: { ...notice, error: pageRefusal !== null }, formRefusal: refused?.values ? refused : null };
}
