import type { AppContext } from "#app/lib/app-context.server";
import { siteSettings } from "#app/lib/site-settings.server";
import { listPageMaterials } from "./queries.server";

/** One page's materials, priced in data with the site's setting. */
export function pageMaterials(context: Pick<AppContext, "db">, page: string) {
  return listPageMaterials({ db: context.db, page, pricePerMb: siteSettings.dataPricePerMb });
}
