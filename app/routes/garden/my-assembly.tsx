import { redirect } from "react-router";
import type { Route } from "./+types/my-assembly";
import { MyAssembly } from "~/components/garden-space/MyAssembly";
import { linkClass } from "~/components/garden-space/SpaceSection";
import { readFormData } from "~/modules/forms/form-data.server";
import { requireGardener } from "~/modules/garden-space/gardener-session.server";
import { answerMyAssembly, myAssembly } from "~/modules/garden-space/space-assembly.server";
import { MY_GARDEN_PATH } from "~/modules/garden-space/space.labels";

/**
 * /mon-jardin/assemblee — where « Mon jardin »'s answer to the convocation posts. Saved, it leads back to the space;
 * refused, this page shows the assembly again with the French message on the field and what was chosen. Opened
 * directly, it shows the same, or leads back to the space when there is no assembly to answer.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const gardener = await requireGardener(request);
  const assembly = await myAssembly(gardener.id);
  if (!assembly) throw redirect(MY_GARDEN_PATH);
  return { assembly };
}

export async function action({ request }: Route.ActionArgs) {
  const gardener = await requireGardener(request);
  return answerMyAssembly(gardener, await readFormData(request));
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin" };
}

export function meta() {
  return [{ title: "Assemblée générale — Mon jardin" }, { name: "robots", content: "noindex" }];
}

export default function MyAssemblyPage({ loaderData, actionData }: Route.ComponentProps) {
  const refused = actionData && "ok" in actionData && actionData.ok === false ? actionData : undefined;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <p>
        <a href={`${MY_GARDEN_PATH}#assemblee`} className={linkClass}>
          ← Mon jardin
        </a>
      </p>
      <h1 className="mt-4 mb-6 text-3xl font-bold text-brand-800">Répondre à la convocation</h1>
      <MyAssembly assembly={loaderData.assembly} refused={refused} level={2} />
    </div>
  );
}
