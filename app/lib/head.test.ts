import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DEFAULT_PREVIEW_IMAGE, pageHead, whatsAppShareHref } from "./head";

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
      image: { ...DEFAULT_PREVIEW_IMAGE, src: "https://cdn.example/a.png" },
    });
    expect(tag(withImage, "property", "og:image")?.content).toBe("https://cdn.example/a.png");
    expect(tag(withImage, "name", "twitter:image")?.content).toBe("https://cdn.example/a.png");
  });
});

describe("the preview picture a link preview (WhatsApp) can show", () => {
  const defaultTags = pageHead(site, {
    title: "Books",
    description: "Four free books.",
    keywords: ["books"],
    path: "/books",
  });

  it("defaults to the site's 1200 × 630 PNG, with its type, size and alt text", () => {
    expect(tag(defaultTags, "property", "og:image:type")?.content).toBe("image/png");
    expect(tag(defaultTags, "property", "og:image:width")?.content).toBe("1200");
    expect(tag(defaultTags, "property", "og:image:height")?.content).toBe("630");
    expect(tag(defaultTags, "property", "og:image:alt")?.content).toBe(
      "StudyZed: free books, past papers and quizzes",
    );
    expect(tag(defaultTags, "name", "twitter:image")?.content).toBe(
      "https://studyzed.example/og-image.png",
    );
    expect(tag(defaultTags, "name", "twitter:image:alt")?.content).toBe(
      "StudyZed: free books, past papers and quizzes",
    );
  });

  it("gives a page's own picture with its own type, size and alt text", () => {
    const tags = pageHead(site, {
      title: "Biology",
      description: "Topics.",
      keywords: ["biology"],
      path: "/tutorials/biology",
      image: {
        src: "/share/subject/biology.png?v=1",
        type: "image/jpeg",
        width: 800,
        height: 420,
        alt: "Biology card",
      },
    });
    expect(tag(tags, "property", "og:image")?.content).toBe(
      "https://studyzed.example/share/subject/biology.png?v=1",
    );
    expect(tag(tags, "property", "og:image:type")?.content).toBe("image/jpeg");
    expect(tag(tags, "property", "og:image:width")?.content).toBe("800");
    expect(tag(tags, "property", "og:image:height")?.content).toBe("420");
    expect(tag(tags, "property", "og:image:alt")?.content).toBe("Biology card");
    expect(tag(tags, "name", "twitter:image:alt")?.content).toBe("Biology card");
  });

  it("names the default picture that public/ really holds, at the size it really is", async () => {
    const { width, height, format } = await sharp(
      path.resolve("public", DEFAULT_PREVIEW_IMAGE.src.slice(1)),
    ).metadata();
    expect({ width, height, type: `image/${format}` }).toEqual({
      width: DEFAULT_PREVIEW_IMAGE.width,
      height: DEFAULT_PREVIEW_IMAGE.height,
      type: DEFAULT_PREVIEW_IMAGE.type,
    });
  });
});

describe("whatsAppShareHref", () => {
  it("shares the title and the canonical address, encoded, on wa.me", () => {
    const href = whatsAppShareHref(site, {
      title: "Cells & tissues: 50% of it?",
      path: "/smartify/7",
    });
    expect(href).toBe(
      "https://wa.me/?text=Cells%20%26%20tissues%3A%2050%25%20of%20it%3F%20https%3A%2F%2Fstudyzed.example%2Fsmartify%2F7",
    );
    expect(new URL(href).searchParams.get("text")).toBe(
      "Cells & tissues: 50% of it? https://studyzed.example/smartify/7",
    );
  });
});
