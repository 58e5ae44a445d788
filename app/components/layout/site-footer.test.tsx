import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SiteFooter } from "./site-footer";

const NONE = { facebook: "", tiktok: "", whatsapp: "" };

describe("the footer's social links", () => {
  it("shows no list and no link when the site's owner has set none", () => {
    const footer = renderToStaticMarkup(<SiteFooter siteName="StudyZed" social={NONE} />);
    expect(footer).not.toContain("Follow us");
    expect(footer).not.toMatch(/Facebook|TikTok|WhatsApp/);
  });

  it("shows each address that is set, and only those", () => {
    const footer = renderToStaticMarkup(
      <SiteFooter
        siteName="StudyZed"
        social={{ ...NONE, facebook: "https://www.facebook.com/example.school" }}
      />,
    );
    expect(footer).toContain('aria-label="Follow us"');
    expect(footer).toContain(
      '<a href="https://www.facebook.com/example.school" rel="noopener">Facebook</a>',
    );
    expect(footer).not.toMatch(/TikTok|WhatsApp/);
  });
});
