import { redirect } from "react-router";
import { formatDateTime } from "~/lib/dates";
import { dateToParisLocal } from "~/lib/paris-time";
import { compareFamilyFirst, de, familyFirst, parseId, splitName } from "~/lib/text";
import { getEvent } from "~/modules/events/events.server";
import { doneForm, parseAdminForm, refusedForm } from "~/modules/forms/admin-form.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { eventPractical } from "~/modules/events/events.server";
import { signupSettingsSchema } from "./registrations.schema";
import { cancelSignup, placesLeft, registrationsOf, updateSignupSettings } from "./registrations.server";

/** The event of `/admin/events/:id/inscriptions`, or back to the events. */
export async function registrationsEvent(idParam: string | undefined) {
  const event = await getEvent(parseId(idParam) ?? 0);
  if (!event) throw redirect("/admin/events");
  return event;
}

/** The sign-ups screen: the settings, the people present, the waiting list and those who cancelled. */
export async function registrationsScreen(idParam: string | undefined) {
  const event = await registrationsEvent(idParam);
  const rows = await registrationsOf(event.id);
  const shown = rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    people: r.people,
    answer: r.answer,
    status: r.status,
    at: formatDateTime(r.createdAt),
  }));
  const people = (status: string) => shown.filter((r) => r.status === status).reduce((n, r) => n + r.people, 0);
  return {
    event: {
      id: event.id,
      title: event.title,
      practical: eventPractical(event),
      published: event.state === "publie",
    },
    settings: {
      signupsOpen: event.signupsOpen ? "on" : "",
      signupCapacity: event.signupCapacity === null ? "" : String(event.signupCapacity),
      signupMaxPeople: String(event.signupMaxPeople),
      signupClosesAt: event.signupClosesAt ? dateToParisLocal(event.signupClosesAt) : "",
      signupQuestion: event.signupQuestion ?? "",
    },
    question: event.signupQuestion,
    placesLeft: await placesLeft(event),
    present: { rows: shown.filter((r) => r.status === "inscrit"), people: people("inscrit") },
    waiting: { rows: shown.filter((r) => r.status === "attente"), people: people("attente") },
    cancelled: shown.filter((r) => r.status === "annule"),
  };
}

/**
 * The list for the day, on paper: those who hold a place by family name (guessed from the name they typed, as a
 * gardener's), shown « Roux, Camille » so a person finds their line; the waiting list after, in its order.
 */
export async function attendanceSheet(idParam: string | undefined) {
  const screen = await registrationsScreen(idParam);
  const sheetName = <R extends { name: string }>(r: R) => ({ ...r, ...splitName(r.name) });
  const present = screen.present.rows
    .map(sheetName)
    .toSorted(compareFamilyFirst)
    .map((r) => ({ ...r, name: familyFirst(r) }));
  return { ...screen, present: { ...screen.present, rows: present } };
}

/** « Enregistrer » of the settings: more places (or none) go to the waiting list at once. */
export async function saveSignupSettings(idParam: string | undefined, form: FormData, actor: Actor) {
  const event = await registrationsEvent(idParam);
  const { data: settings, refusal } = parseAdminForm(
    signupSettingsSchema,
    form,
    "Les réglages n'ont pas été enregistrés :",
  );
  if (refusal) return refusal;
  await withHistory(
    actor,
    (tx) => updateSignupSettings(event.id, settings, tx),
    () => ({ kind: "inscriptions.reglages", target: `événement n° ${event.id}` }),
  );
  return { ok: true as const, message: "Réglages des inscriptions enregistrés." };
}

/**
 * « Désinscrire » a sign-up, present or waiting (someone who said they cannot come, or names nobody knows): cancelled
 * as by its link, a place freed goes to the waiting list; nobody is written to. Again is harmless.
 */
export async function cancelSignupByAdmin(idParam: string | undefined, form: FormData, actor: Actor) {
  const event = await registrationsEvent(idParam);
  const id = parseId(String(form.get("id") ?? ""));
  const now = new Date();
  const cancelled =
    id === null
      ? undefined
      : await withHistory(
          actor,
          (tx) => cancelSignup(tx, event.id, id, now),
          (row) =>
            row?.cancelledAt?.getTime() === now.getTime() && {
              kind: "inscriptions.annulation",
              target: `événement n° ${event.id}`,
            },
        );
  if (!cancelled) return refusedForm(form, "Cette inscription n'existe plus.", {}, 404);
  return doneForm("cancel", `Inscription ${de(cancelled.name)} annulée.`);
}
