import { data, redirect } from "react-router";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { admins } from "~/modules/auth/auth.tables";
import { formatDate, formatDateTime, formatDayTime } from "~/lib/dates";
import { counted, parseId } from "~/lib/text";
import { presentSignups } from "~/modules/registrations/registrations.server";
import { signupsAndPeople } from "~/modules/registrations/registrations.messages";
import { errorsByField } from "~/modules/forms/public-form";
import type { Actor } from "~/modules/history/history.server";
import { withHistory } from "~/modules/history/history.server";
import { getBlogPost } from "~/modules/blog/blog.server";
import { getEvent } from "~/modules/events/events.server";
import type { z } from "zod";
import { currentFeeYear } from "~/modules/register/fees.server";
import {
  feeYearChoices,
  groupChoices,
  groupDescription,
  groupExists,
} from "~/modules/register/gardener-letters.server";
import {
  audienceEventTitle,
  bodyOf,
  gardenerFigures,
  groupOf,
  letterSender,
  paperNote,
  paperRecipients,
  createLetter,
  deleteDraftLetter,
  getLetter,
  LETTER_GONE_MESSAGE,
  LetterError,
  letterProgress,
  queueLetter,
  recipientCount,
  sampleMessage,
  sendTestLetter,
  updateLetter,
  type Letter,
} from "./letters.server";
import { letterFormSchema, type GardenerAudience, type LetterDraft } from "./letters.schema";
import { own } from "~/lib/records";

/**
 * A letter not saved yet, from the address « /admin/lettre/nouvelle?article=3 » (or evenement=, inscrits=), or
 * « ?jardiniers » for a letter to gardeners (all current ones, an information letter, until the form says otherwise).
 */
async function newDraft(url: URL): Promise<LetterDraft | null> {
  const article = parseId(url.searchParams.get("article"));
  const event = parseId(url.searchParams.get("evenement"));
  const registrants = parseId(url.searchParams.get("inscrits"));
  if (url.searchParams.has("jardiniers"))
    return {
      audience: "jardiniers",
      source: "libre",
      sourceId: null,
      eventId: null,
      subject: "",
      message: "",
      gardeners: "actuels",
      siteIds: [],
      plotIds: [],
      feeYear: await currentFeeYear(),
      nature: "information",
    };
  const base = {
    audience: "abonnes",
    source: "libre",
    sourceId: null,
    eventId: null,
    subject: "",
    message: "",
  } as const;
  if (article !== null) {
    const post = await getBlogPost(article);
    if (post?.state !== "publie") return null;
    return { ...base, source: "article", sourceId: post.id, subject: post.title };
  }
  if (event !== null) {
    const found = await getEvent(event);
    if (found?.state !== "publie") return null;
    return { ...base, source: "evenement", sourceId: found.id, subject: found.title };
  }
  if (registrants !== null) {
    const found = await getEvent(registrants);
    if (!found) return null;
    return { ...base, audience: "inscrits", eventId: found.id, subject: `${found.title} : informations pratiques` };
  }
  return { ...base };
}

/** What the letter presents, in words: « l'article « Le compost en hiver » ». */
async function presentedTitle(letter: Pick<Letter, "source" | "sourceId">) {
  if (letter.source === "article" && letter.sourceId)
    return `l'article « ${(await getBlogPost(letter.sourceId))?.title ?? "supprimé"} »`;
  if (letter.source === "evenement" && letter.sourceId)
    return `l'événement « ${(await getEvent(letter.sourceId))?.title ?? "supprimé"} »`;
  return null;
}

async function audienceText(letter: Pick<Letter, "audience" | "eventId">, count: number) {
  if (letter.audience === "jardiniers") return counted(count, "adresse e-mail", "adresses e-mail");
  if (letter.audience === "inscrits") {
    const [title, present] = await Promise.all([audienceEventTitle(letter), presentSignups(letter.eventId ?? 0)]);
    // Worded as the sign-ups' screen and the printed list count them; the e-mail goes once to each address.
    const addresses = present.signups === count ? "" : ` (${counted(count, "adresse", "adresses")})`;
    return `${signupsAndPeople(present.signups, present.people)}${addresses} à « ${title} »`;
  }
  return `${count} ${count > 1 ? "abonnés confirmés" : "abonné confirmé"}`;
}

/** The letter screen: the draft to edit (or the letter that went, with its progress) and its preview. */
export async function letterScreen(idParam: string | undefined, url: URL, adminId: number | null) {
  const saved = idParam === "nouvelle" ? null : await getLetter(parseId(idParam) ?? 0);
  const draft: LetterDraft | null = saved ?? (idParam === "nouvelle" ? await newDraft(url) : null);
  if (!draft) throw redirect("/admin/lettre");
  const [admin] = adminId
    ? await getDb().select({ email: admins.email }).from(admins).where(eq(admins.id, adminId))
    : [];
  const draftFigures =
    draft.audience === "jardiniers" && (!saved || saved.status === "brouillon") ? await gardenerFigures(draft) : null;
  const count =
    saved && saved.status !== "brouillon" ? saved.total : (draftFigures?.emails ?? (await recipientCount(draft)));
  const asLetter =
    saved ??
    ({
      ...draft,
      id: 0,
      html: null,
      text: null,
      status: "brouillon",
      nature: draft.nature ?? "information",
    } as unknown as Letter);
  const preview = saved ? await sampleMessage(asLetter, admin?.email || "adresse@exemple.fr") : null;
  const progress = saved ? letterProgress(saved) : null;
  return {
    letter: {
      id: saved?.id ?? null,
      ...draft,
      status: saved?.status ?? "brouillon",
      counts: saved && {
        total: saved.total,
        sent: saved.sent,
        bounced: saved.bounced,
        failed: saved.failed,
        skipped: saved.skipped,
        interrupted: saved.interrupted,
      },
      queuedAt: saved?.queuedAt ? formatDateTime(saved.queuedAt) : null,
      finishedAt: saved?.finishedAt ? formatDateTime(saved.finishedAt) : null,
    },
    presents: await presentedTitle(draft),
    audience: await audienceText(draft, count),
    toGardeners: draft.audience === "jardiniers" ? await gardenersPart(asLetter, count, draftFigures) : null,
    recipients: count,
    testTo: admin?.email ?? "",
    previewHtml: preview?.html ?? null,
    progress: progress && {
      done: progress.done,
      waiting: progress.waiting,
      expectedEnd: progress.expectedEnd ? formatDayTime(progress.expectedEnd) : null,
    },
  };
}

/**
 * The part of the letter screen that belongs to a letter to gardeners: the choices (sites, held plots, fee years),
 * the group as chosen, whom it goes to in words and its figures: as it would go now (a draft), or as it went.
 */
async function gardenersPart(
  letter: Letter,
  emails: number,
  draftFigures: Awaited<ReturnType<typeof gardenerFigures>> | null,
) {
  const draft = letter.status === "brouillon";
  const [choices, years, figures, label, paper] = await Promise.all([
    draft ? groupChoices() : [],
    draft ? feeYearChoices() : [],
    draftFigures,
    draft ? groupDescription(groupOf(letter)) : (letter.audienceLabel ?? "aux jardiniers"),
    draft ? null : paperRecipients(letter),
  ]);
  return {
    gardeners: letter.gardeners ?? "actuels",
    siteIds: letter.siteIds ?? [],
    plotIds: letter.plotIds ?? [],
    feeYear: letter.feeYear ?? null,
    nature: letter.nature,
    label,
    sites: choices.map((site) => ({
      id: site.id,
      name: site.name,
      plots: site.plots.map((plot) => ({ id: plot.id, number: plot.number, holder: plot.holder })),
    })),
    years,
    figures: figures ?? {
      gardeners: letter.gardenerCount,
      withoutEmail: letter.withoutEmail,
      optedOut: letter.optedOut,
      paper: paper!.length,
      emails,
    },
  };
}

const refused = (form: FormData, message: string, status = 400, errors: Record<string, string> = {}) => {
  // What was typed comes back with the message: nothing is lost.
  const values = Object.fromEntries(
    ["subject", "message", "testTo", "gardeners", "feeYear", "nature"].map((name) => [
      name,
      String(form.get(name) ?? ""),
    ]),
  );
  const lists = { siteIds: form.getAll("siteIds").map(String), plotIds: form.getAll("plotIds").map(String) };
  return data({ ok: false as const, message, errors, values, lists }, { status });
};

/** The audience of a letter to gardeners as the form chose it, or null when the form does not say (another letter). */
function audienceOf(parsed: z.output<typeof letterFormSchema>): GardenerAudience | null {
  if (!parsed.gardeners) return null;
  return {
    gardeners: parsed.gardeners,
    siteIds: parsed.gardeners === "jardins" ? [...new Set(parsed.siteIds)] : [],
    plotIds: parsed.gardeners === "parcelles" ? [...new Set(parsed.plotIds)] : [],
    // The year's list is on the screen whatever the choice: it counts only with « Cotisation non soldée ».
    feeYear: parsed.gardeners === "cotisation" ? parsed.feeYear : null,
    nature: parsed.nature ?? "information",
  };
}

const sameAudience = (a: GardenerAudience, b: Letter) =>
  a.gardeners === b.gardeners &&
  a.nature === b.nature &&
  a.feeYear === b.feeYear &&
  a.siteIds.join() === (b.siteIds ?? []).join() &&
  a.plotIds.join() === (b.plotIds ?? []).join();

/** In the history, whom a letter went to: « lettre n° 12 aux jardiniers du Jardin des Brosses »; never a person. */
const letterTarget = (letter: Pick<Letter, "id" | "audience" | "audienceLabel">) =>
  letter.audience === "jardiniers" && letter.audienceLabel
    ? `lettre n° ${letter.id} ${letter.audienceLabel}`
    : `lettre n° ${letter.id}`;

/**
 * The letter screen's form: « Enregistrer le brouillon », « M'envoyer un test », « Envoyer la lettre » (the box
 * ticked), « Supprimer le brouillon ». A new letter is saved first, whatever the button.
 */
export async function letterAction(idParam: string | undefined, url: URL, form: FormData, actor: Actor) {
  const parsed = letterFormSchema.safeParse({
    ...Object.fromEntries(form),
    siteIds: form.getAll("siteIds"),
    plotIds: form.getAll("plotIds"),
  });
  if (!parsed.success)
    return refused(form, "La lettre n'a pas été enregistrée :", 400, errorsByField(parsed.error.issues));
  const { intent, subject, message, testTo } = parsed.data;
  const audience = audienceOf(parsed.data);
  if (audience && !(await groupExists(groupOf(audience))))
    return refused(form, "Un jardin ou une parcelle choisi n'existe plus : vérifiez les destinataires.", 409);
  let letter: Letter | undefined;
  try {
    if (idParam === "nouvelle") {
      const draft = await newDraft(url);
      if (!draft) return refused(form, LETTER_GONE_MESSAGE, 404);
      letter = await withHistory(
        actor,
        (tx) =>
          createLetter(
            { ...draft, ...(draft.audience === "jardiniers" && audience), subject, message },
            actor.username,
            tx,
          ),
        (row) => ({ kind: "lettre.brouillon", target: `lettre n° ${row.id}` }),
      );
    } else {
      const id = parseId(idParam) ?? 0;
      if (intent === "delete") {
        const removed = await withHistory(
          actor,
          (tx) => deleteDraftLetter(id, tx),
          (row) => row && { kind: "lettre.suppression", target: `lettre n° ${row.id}` },
        );
        if (!removed) return refused(form, LETTER_GONE_MESSAGE, 404);
        throw redirect("/admin/lettre?supprimee=1");
      }
      const before = await getLetter(id);
      const changes = before?.audience === "jardiniers" && audience ? audience : {};
      letter = await withHistory(
        actor,
        (tx) => updateLetter(id, { subject, message, ...changes }, tx),
        (row) => ({ kind: "lettre.brouillon", target: `lettre n° ${row.id}` }),
      );
      // Sent with other recipients than the screen counted: saved, and counted again before it goes.
      if (intent === "send" && before?.audience === "jardiniers" && audience && !sameAudience(audience, before))
        return redirectTo(letter.id, "destinataires");
    }
    if (intent === "test") {
      await sendTestLetter(letter, testTo!);
      await withHistory(
        actor,
        async () => letter,
        () => ({ kind: "lettre.test", target: `lettre n° ${letter!.id}` }),
      );
      return redirectTo(letter.id, "test");
    }
    if (intent === "send") {
      const body = await bodyOf(letter);
      await withHistory(
        actor,
        (tx) => queueLetter(letter!, body, tx),
        (row) => ({
          kind: "lettre.envoi",
          target: letterTarget(row),
          detail:
            row.audience === "jardiniers"
              ? `${counted(row.total, "e-mail", "e-mails")}, ${counted(row.paper ?? 0, "lettre à imprimer", "lettres à imprimer")}`
              : `${row.total} destinataires`,
        }),
      );
      return redirectTo(letter.id, "envoi");
    }
    return redirectTo(letter.id, "brouillon");
  } catch (error) {
    if (error instanceof LetterError) return refused(form, error.message, error.status);
    throw error;
  }
}

/** After a save, the screen's own address, with what was done (its message shown once, without JavaScript too). */
function redirectTo(id: number, done: keyof typeof DONE_MESSAGES) {
  return redirect(`/admin/lettre/${id}?fait=${done}`);
}

const DONE_MESSAGES = {
  brouillon: "Brouillon enregistré.",
  destinataires: "Destinataires enregistrés : vérifiez leur nombre, puis confirmez l'envoi.",
  test: "Le test est parti : il arrive dans quelques instants.",
  envoi: "La lettre est partie : elle est envoyée au rythme permis par la messagerie.",
} as const;

/** The message of `?fait=` after a save, or null. */
export function doneMessage(url: URL) {
  return own<string>(DONE_MESSAGES, url.searchParams.get("fait")) ?? null;
}

/**
 * « Lettres à imprimer » of a letter to gardeners (/admin/lettre/:id/imprimer): one page per gardener without an
 * e-mail address, or whose address refused it, with the same text as the e-mail. A draft's list is today's; a
 * letter that went keeps those of its sending. Another letter has none: back to its screen.
 */
export async function letterPrintScreen(idParam: string | undefined) {
  const letter = await getLetter(parseId(idParam) ?? 0);
  if (!letter) throw redirect("/admin/lettre");
  if (letter.audience !== "jardiniers") throw redirect(`/admin/lettre/${letter.id}`);
  const [recipients, body, sender, paper, bounced] = await Promise.all([
    paperRecipients(letter),
    bodyOf(letter),
    letterSender(),
    paperNote(false),
    paperNote(true),
  ]);
  return {
    letter: { id: letter.id, subject: letter.subject, draft: letter.status === "brouillon" },
    sender,
    date: formatDate(letter.queuedAt ?? new Date()),
    html: body.html,
    recipients: recipients.map((r) => ({ ...r, note: r.bounced ? bounced : paper })),
  };
}
