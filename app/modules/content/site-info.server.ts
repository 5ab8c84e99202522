import { publicUrl } from "~/db/association.server";
import type { SiteInfo } from "~/modules/seo/seo";
import type { SiteContent } from "./content.defaults";

/** The site's name, tagline and public address, as every page's head and the feeds give them. */
export function siteInfo(content: Pick<SiteContent, "nomAssociation" | "slogan" | "imageAccueil">): SiteInfo {
  return {
    name: content.nomAssociation,
    tagline: content.slogan,
    url: publicUrl().replace(/\/+$/, ""),
    image: content.imageAccueil,
  };
}
