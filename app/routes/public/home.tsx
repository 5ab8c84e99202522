import { Link } from "react-router";
import type { Route } from "./+types/home";
import { siteContentContext } from "~/context";
import { Image } from "~/components/Image";
import { SITE_NAME } from "~/lib/navigation";
import { pageMeta } from "~/lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  const content = await context.get(siteContentContext);
  return { title: content.titreAccueil, intro: content.texteIntro, image: content.imageAccueil };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(SITE_NAME, loaderData?.intro ?? "Jardins familiaux et partagés à Villeurbanne et Vaulx-en-Velin.");
}

const buttonPrimary =
  "inline-flex items-center justify-center rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-offset-2";
const buttonSecondary =
  "inline-flex items-center justify-center rounded-lg border border-brand-700 bg-white px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50";

export default function Home({ loaderData }: Route.ComponentProps) {
  const { title, intro, image } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4">
      <section className="grid items-center gap-8 py-6 md:grid-cols-2 md:py-10">
        <div>
          <h1 className="text-3xl font-bold leading-tight text-brand-800 sm:text-5xl">{title}</h1>
          <p className="mt-5 whitespace-pre-line text-lg leading-relaxed text-stone-700">{intro}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/apply" className={buttonPrimary}>
              Demander une parcelle
            </Link>
            <Link to="/association" className={buttonSecondary}>
              Découvrir l'association
            </Link>
          </div>
        </div>
        {image && (
          <Image
            src={image}
            alt="Les jardins de l'association"
            priority
            sizes="(min-width: 1152px) 544px, (min-width: 768px) 50vw, 100vw"
            className="aspect-[4/3] w-full rounded-2xl object-cover shadow-md"
          />
        )}
      </section>

      <section aria-labelledby="join-title" className="my-12 rounded-2xl bg-brand-800 px-6 py-10 text-center text-white sm:px-12">
        <h2 id="join-title" className="text-2xl font-bold sm:text-3xl">
          Rejoignez-nous !
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-brand-100">
          Envie de cultiver vos légumes, de partager un savoir-faire ou simplement de profiter d'un coin de verdure ?
          Déposez une demande de parcelle ou écrivez-nous.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/apply" className="rounded-lg bg-white px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50">
            Postuler pour un jardin
          </Link>
          <Link to="/contact" className="rounded-lg border border-white px-5 py-3 font-semibold text-white hover:bg-brand-700">
            Nous contacter
          </Link>
        </div>
      </section>
    </div>
  );
}
