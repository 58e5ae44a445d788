import { z } from "zod";
import rawSettings from "#content/site-settings.json";

// Contact and social addresses ship empty, and a page shows nothing for an empty one: a
// placeholder that looks real would send a student to a stranger
// (docs/decisions/0078-honest-content-and-docs-that-match.md).
const UNSET = z.literal("");
const HttpsAddress = z.url({ protocol: /^https$/ });

// A typo stops the start; pages get these from the root loader, keeping zod out of the browser.
export const SiteSettingsSchema = z.strictObject({
  tagline: z.string().min(1),
  motto: z.string().min(1),
  aim: z.string().min(1),
  developer: z.strictObject({ name: z.string().min(1), about: z.string().min(1) }),
  contactEmail: z.email().or(UNSET),
  messagingLink: HttpsAddress.or(UNSET),
  social: z.strictObject({
    facebook: HttpsAddress.or(UNSET),
    tiktok: HttpsAddress.or(UNSET),
    whatsapp: HttpsAddress.or(UNSET),
  }),
  dataPricePerMb: z.number().positive().optional(),
  app: z.strictObject({
    href: z.string().regex(/^(\/|https:\/\/)/, "must be a site path or an https address"),
    label: z.string().min(1),
    downloadsCaption: z.string().min(1),
  }),
});

export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

export const siteSettings: SiteSettings = SiteSettingsSchema.parse(rawSettings);
