import { z } from "zod";
import rawSettings from "#content/site-settings.json";

// A typo stops the start; pages get these from the root loader, keeping zod out of the browser.
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
  dataPricePerMb: z.number().positive().optional(),
  app: z.strictObject({
    href: z.string().regex(/^(\/|https:\/\/)/, "must be a site path or an https address"),
    label: z.string().min(1),
    downloadsCaption: z.string().min(1),
  }),
});

export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

export const siteSettings: SiteSettings = SiteSettingsSchema.parse(rawSettings);
