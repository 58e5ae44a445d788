import { openDatabase } from "#database/client.server";
import { readCatalogueContent, loadCatalogue } from "#app/features/catalogue/public.server";
import { localDiskStorage } from "#app/lib/file-storage.server";
import { loadArticles } from "#app/features/articles/public.server";
import { indexQuizzes } from "#app/features/search/public.server";
import { searchSite } from "#app/features/search/search.server";
import { readSearchQuery } from "#app/features/search/search-query";
const h = await openDatabase({ kind: "pglite", dir: null });
await h.migrate();
const db = h.db;
await loadCatalogue({ db, storage: localDiskStorage("/tmp/zzfiles"), content: await readCatalogueContent() });
await loadArticles({ db });
await indexQuizzes(db);
const queries = process.argv.slice(2);
for (const q of queries) {
  const t = performance.now();
  const a = await searchSite({ db, query: readSearchQuery(q), pricePerMb: 0.2 });
  console.log(`\n## ${q}  (${a.total}, every=${a.everyWord}, ${JSON.stringify(a.closeSpellings)}) ${(performance.now()-t).toFixed(1)}ms`);
  for (const r of a.results.slice(0, 3)) console.log(`  ${r.download?.href ?? r.href} | ${r.kind} | ${r.title} | ${r.place} | ${r.href} | ${r.download?.size ?? ""}`);
}
await h.close();
