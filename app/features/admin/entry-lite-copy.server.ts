import type { Database } from "#database/client.server";
import type { AdminMaterial } from "#app/features/catalogue/public.server";
import * as downloads from "#app/features/downloads/public.server";
import { liteCopyState } from "./lite-copy-state";

/** An entry's page says whether its lite copy exists, its size, or why there is none. */
export async function entryLiteCopy({ db, material }: { db: Database; material: AdminMaterial }) {
  const { contentType, byteSize, sha256, liteByteSize } = material;
  const wanted =
    contentType !== null && byteSize !== null && downloads.wantsLiteCopy({ contentType, byteSize });
  const outcome =
    wanted && sha256 && liteByteSize === null
      ? await downloads.liteCopyOutcome({ db, sha256 })
      : undefined;
  return liteCopyState(material, { wanted, outcome });
}
