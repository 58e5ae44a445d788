import { z } from "zod";
import rawSettings from "#content/site-settings.json";

/**
 * The operator's settings (docs/requirements.md, "Constants"): one checked-in file instead of
 * literals scattered over pages. Validated on the server when first imported, so a typo
 * stops the start and the tests rather than reaching a student; pages receive it from
 * the root loader, which keeps zod out of the browser.
 */
const SiteSettingsSchema = z.strictObject({
  tagline: z.string().min(1),
  motto: z.string().min(1),
  aim: z.string().min(1),
  developer: z.strictObject({ name: z.string().min(1), about: z.string().min(1) }),
  contactEmail: z.email(),
  messagingLink: z.url({ protocol: /^https$/ }),
  social: z.strictObject({
    facebook: z.url({ protocol: /^https$/ }),
    tiktok: z.url({ protocol: /^https$/ }),
    whatsapp: z.url({ protocol: /^https$/ }),
  }),
  /**
   * Kwacha per megabyte of mobile data, for the "about K0.03 of data" estimate beside
   * each download; leave out to show sizes only.
   */
  dataPricePerMb: z.number().positive().optional(),
  app: z.strictObject({
    href: z.string().regex(/^(\/|https:\/\/)/, "must be a site path or an https address"),
    label: z.string().min(1),
    downloadsCaption: z.string().min(1),
  }),
});

export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

export const siteSettings: SiteSettings = SiteSettingsSchema.parse(rawSettings);
