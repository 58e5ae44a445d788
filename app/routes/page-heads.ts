import heads from "#content/page-heads.json";
import { metaFor } from "#app/lib/head";

/** A page whose head is the same for every request: its text is content. */
export const pageMeta =
  (path: keyof typeof heads) =>
  ({ matches }: { matches: Parameters<typeof metaFor>[0] }) =>
    metaFor(matches, { ...heads[path], path });
