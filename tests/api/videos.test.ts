import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeDownload } from "#app/features/downloads/describe-download";
import settings from "#content/site-settings.json";
import { materials } from "#database/schema";
import type { RunningServer } from "#tests/setup/http";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { serveSite } from "#tests/setup/site-in-process";
import { DATABASE_KINDS } from "#tests/setup/test-database";

/** Each lesson of /videos as HTML, by its title. */
function lessonsOf(html: string): Map<string, string> {
  const lessons = new Map<string, string>();
  for (const [, lesson] of html.matchAll(/<li class="media">(.*?)<h3>/gs)) {
    lessons.set(/<h2>([^<]*)<\/h2>/.exec(lesson!)![1]!, lesson!);
  }
  return lessons;
}

const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "");

describe.each(DATABASE_KINDS)("the videos page on %s", (kind) => {
  let seeded: SeededDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    seeded = await createSeededDatabase(kind);
    // One lesson kept on YouTube instead of as a file of the site's (docs/decisions/0013).
    await seeded.database.db
      .update(materials)
      .set({ youtubeId: "dQw4w9WgXcQ" })
      .where(and(eq(materials.page, "videos"), eq(materials.key, "video-algebra-part-4")));
    server = await serveSite({ database: seeded.database, storage: seeded.storage });
  });
  afterAll(async () => {
    await server.close();
    await seeded.destroy();
  });

  const videosPage = async () => (await fetch(`${server.url}/videos`)).text();

  it("shows each lesson the site serves with a download link, its size and its data cost", async () => {
    const lessons = lessonsOf(await videosPage());
    const served = ["Algebra Part 1", "Algebra Part 2", "Algebra Part 3"];
    for (const title of served) {
      const lesson = lessons.get(title)!;
      const href = /<a [^>]*href="(\/download\/[^"]+)" download="">Download /.exec(lesson)?.[1];
      expect(href, title).toBe(`/download/video-${title.toLowerCase().replace(/ /g, "-")}`);
      const file = await fetch(`${server.url}${href}`, { method: "HEAD" });
      expect(file.status, title).toBe(200);
      const { size, cost } = describeDownload({
        contentType: file.headers.get("content-type")!,
        byteSize: Number(file.headers.get("content-length")),
        pricePerMb: settings.dataPricePerMb,
      });
      expect(size, title).toMatch(/^Video, /);
      expect(text(lesson), title).toContain(`Download ${title} ${size} · ${cost}`);
    }
  });

  it("says plainly that a YouTube lesson has no file, in place of a size", async () => {
    const lesson = lessonsOf(await videosPage()).get("Algebra Part 4")!;
    expect(lesson).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
    expect(text(lesson)).toContain(
      "This lesson plays on YouTube, so there is no file to download.",
    );
    expect(lesson).not.toContain("/download/");
    expect(text(lesson)).not.toMatch(/\d (KB|MB)|of data/);
  });

  it("draws no play button on the posters: the player's own is the only one", async () => {
    const posters = [...(await videosPage()).matchAll(/poster="([^"]+)"/g)].map((m) => m[1]!);
    expect(posters).toHaveLength(3);
    for (const poster of posters) {
      const response = await fetch(`${server.url}${poster}`);
      expect(response.status, poster).toBe(200);
      const image = sharp(Buffer.from(await response.arrayBuffer()));
      const { width, height } = await image.metadata();
      // The middle of the poster, where the player puts its button, in the button's orange.
      const { data, info } = await image
        .extract({
          left: Math.round(width * 0.35),
          top: Math.round(height * 0.3),
          width: Math.round(width * 0.3),
          height: Math.round(height * 0.4),
        })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      let orange = 0;
      for (let i = 0; i < data.length; i += info.channels) {
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (Math.abs(r - 0xd3) < 40 && Math.abs(g - 0x5f) < 40 && Math.abs(b - 0x22) < 40) orange++;
      }
      expect(orange, poster).toBe(0);
    }
  });

  it("lays nothing over a video or its poster in the stylesheet", async () => {
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(await videosPage())?.[1];
    const css = await (await fetch(`${server.url}${stylesheet}`)).text();
    expect(css.length).toBeGreaterThan(1000);
    expect(css).not.toMatch(/\.(media|video-link)[^{}]*::?(before|after)/);
  });
});
