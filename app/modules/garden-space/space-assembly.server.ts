import { redirect } from "react-router";
import { memberAnswerPage, saveMemberAnswer } from "~/modules/assembly/assembly.answer.server";
import { convenedMemberOf } from "~/modules/assembly/assembly.server";
import type { SignedInGardener } from "./gardener-auth.server";
import { ASSEMBLY_ANSWER_NOTICE, MY_GARDEN_PATH, spaceMessages } from "./space.labels";

/**
 * The general assembly the gardener is convened to, as the convocation's page shows it, with its event's id; null
 * when there is none (none convened, or over).
 */
export async function myAssembly(gardenerId: number, now = new Date()) {
  const convened = await convenedMemberOf(gardenerId, now);
  if (!convened) return null;
  const page = await memberAnswerPage(convened.member.id, now);
  return page.known ? { ...page, eventId: convened.event.id } : null;
}
export type MyAssembly = NonNullable<Awaited<ReturnType<typeof myAssembly>>>;

/**
 * POST /mon-jardin/assemblee: the signed-in gardener's answer, for their own member's row only (whatever the form
 * says), through the convocation page's rules. Saved: back to the space, which says so; refused: the French message
 * with what was chosen (4xx), for the answer's page to show.
 */
export async function answerMyAssembly(gardener: SignedInGardener, form: FormData, now = new Date()) {
  const convened = await convenedMemberOf(gardener.id, now);
  const result = await saveMemberAnswer(convened?.member.id ?? null, form, { now, unknown: spaceMessages.noAssembly });
  if ("ok" in result && result.ok) return redirect(`${MY_GARDEN_PATH}?reponse=${ASSEMBLY_ANSWER_NOTICE}#assemblee`);
  return result;
}
