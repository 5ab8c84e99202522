import type { RouterContextProvider } from "react-router";
import { adminContext } from "~/request/context";
import type { Actor } from "./history.server";

/** The administrator behind an /admin request, as history names them. */
export function currentActor(context: Readonly<RouterContextProvider>): Actor {
  const admin = context.get(adminContext);
  return { id: admin?.id ?? null, username: admin?.username ?? "inconnu" };
}
