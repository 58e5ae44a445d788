import { readFileSync } from "node:fs";
import path from "node:path";

export const PAGE_SCRIPT_NAMES = [
  "quiz",
  "account-forms",
  "progress",
  "offline",
  "review",
] as const;
export type PageScriptName = (typeof PAGE_SCRIPT_NAMES)[number];
export type PageScriptSource = { src: string; module: boolean };

type Manifest = Record<string, string>;
let built: Manifest | undefined;

function pageScriptSource(name: PageScriptName): PageScriptSource {
  if (import.meta.env.DEV) return { src: `/app/page-scripts/${name}.ts`, module: true };
  built ??= JSON.parse(readFileSync(path.resolve("build/page-scripts.json"), "utf8")) as Manifest;
  const src = built[name];
  if (!src) throw new Error(`No page script "${name}" in build/page-scripts.json: build again`);
  return { src, module: false };
}

export function pageScriptSources(): Record<PageScriptName, PageScriptSource> {
  return Object.fromEntries(
    PAGE_SCRIPT_NAMES.map((name) => [name, pageScriptSource(name)]),
  ) as Record<PageScriptName, PageScriptSource>;
}
