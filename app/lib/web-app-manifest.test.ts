import { describe, expect, it } from "vitest";
import { webAppManifest } from "./web-app-manifest";

describe("webAppManifest", () => {
  const manifest = webAppManifest({ siteName: "StudyZed Copperbelt" });

  it("names the app after the site, as SITE_NAME sets it", () => {
    expect(manifest.name).toBe("StudyZed Copperbelt");
    expect(manifest.short_name).toBe("StudyZed Copperbelt");
  });

  it("opens standalone at an address inside its own scope", () => {
    expect(manifest.display).toBe("standalone");
    expect(new URL(manifest.start_url, "https://site.example").pathname).toMatch(
      new RegExp(`^${manifest.scope}`),
    );
  });

  it("offers 192 and 512 pixel icons, one of them maskable", () => {
    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toContain("192x192");
    expect(sizes).toContain("512x512");
    expect(manifest.icons.filter((icon) => icon.purpose === "maskable")).toHaveLength(1);
  });
});
