import { describe, expect, it } from "vitest";
import { SiteSettingsSchema, siteSettings } from "./site-settings.server";

describe("the site settings", () => {
  it("ship with no contact or social address, so no page links to a stranger", () => {
    expect(siteSettings.contactEmail).toBe("");
    expect(siteSettings.messagingLink).toBe("");
    expect(siteSettings.social).toEqual({ facebook: "", tiktok: "", whatsapp: "" });
  });

  it("take the real addresses the site's owner sets", () => {
    const settings = SiteSettingsSchema.parse({
      ...siteSettings,
      contactEmail: "help@example.org",
      messagingLink: "https://wa.me/message/EXAMPLE",
      social: {
        facebook: "https://www.facebook.com/example.school",
        tiktok: "https://www.tiktok.com/@example.school",
        whatsapp: "https://whatsapp.com/channel/EXAMPLE",
      },
    });
    expect(settings.contactEmail).toBe("help@example.org");
    expect(settings.social.tiktok).toBe("https://www.tiktok.com/@example.school");
  });

  it.each([
    ["an address that is not https", { messagingLink: "http://wa.me/message/EXAMPLE" }],
    ["an e-mail that is not one", { contactEmail: "write to us" }],
    ["a social link that is only spaces", { social: { ...siteSettings.social, tiktok: " " } }],
  ])("refuse %s", (_case, change) => {
    expect(SiteSettingsSchema.safeParse({ ...siteSettings, ...change }).success).toBe(false);
  });
});
