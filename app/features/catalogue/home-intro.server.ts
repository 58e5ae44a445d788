import path from "node:path";
import { HomeContentSchema, type HomeContent } from "./content-schema.server";
import { readContentFile } from "#app/lib/content-files.server";

let intro: Promise<Pick<HomeContent, "title" | "quote">> | undefined;

/** The home page's heading and quote: page text from its content file, read once per start. */
export function readHomeIntro() {
  intro ??= readContentFile(path.resolve("content/catalogue/home.json"), HomeContentSchema).then(
    ({ title, quote }) => ({ title, quote }),
  );
  return intro;
}
