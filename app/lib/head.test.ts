import { describe, expect, it } from "vitest";
import { pageHead } from "./head";

const site = { name: "StudyZed", url: "https://studyzed.example" };

function tag(tags: ReturnType<typeof pageHead>, key: string, value: string) {
  return tags.find((entry) => (entry as Record<string, unknown>)[key] === value) as
    Record<string, string> | undefined;
}

describe("pageHead", () => {
  const tags = pageHead(site, {
    title: "Books",
    description: "Four free books.",
    keywords: ["books", "free"],
    path: "/books",
  });

  it("titles the page '{Page} | {site name}'", () => {
    expect(tags).toContainEqual({ title: "Books | StudyZed" });
    expect(tag(tags, "property", "og:title")?.content).toBe("Books | StudyZed");
    expect(tag(tags, "name", "twitter:title")?.content).toBe("Books | StudyZed");
  });

  it("points the canonical link and og:url at the page's own absolute address", () => {
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://studyzed.example/books",
    });
    expect(tag(tags, "property", "og:url")?.content).toBe("https://studyzed.example/books");
  });

  it("carries description, keywords and an absolute preview image", () => {
    expect(tag(tags, "name", "description")?.content).toBe("Four free books.");
    expect(tag(tags, "name", "keywords")?.content).toBe("books, free");
    expect(tag(tags, "property", "og:image")?.content).toBe(
      "https://studyzed.example/og-image.png",
    );
    expect(tag(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
  });

  it("indexes a page unless told not to", () => {
    expect(tag(tags, "name", "robots")).toBeUndefined();
    const hidden = pageHead(site, {
      title: "Images",
      description: "Gallery.",
      path: "/images",
      keywords: ["images"],
      noindex: true,
    });
    expect(tag(hidden, "name", "robots")?.content).toBe("noindex");
  });

  it("keeps an https image address as given", () => {
    const withImage = pageHead(site, {
      title: "A",
      description: "B",
      path: "/a",
      keywords: ["a"],
      image: "https://cdn.example/a.webp",
    });
    expect(tag(withImage, "property", "og:image")?.content).toBe("https://cdn.example/a.webp");
  });
});
