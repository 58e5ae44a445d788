import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ContactUs } from "./contact-us";

describe("Contact us on the about page", () => {
  it("is left out when neither a messaging link nor an e-mail address is set", () => {
    expect(renderToStaticMarkup(<ContactUs contactEmail="" messagingLink="" />)).toBe("");
  });

  it("shows a set e-mail address as a mailto link, and no messaging link that is not set", () => {
    const contact = renderToStaticMarkup(
      <ContactUs contactEmail="help@example.org" messagingLink="" />,
    );
    expect(contact).toContain("<h2>Contact us</h2>");
    expect(contact).toContain('<a href="mailto:help@example.org">help@example.org</a>');
    expect(contact).not.toContain("WhatsApp");
  });

  it("shows a set messaging link as the WhatsApp link", () => {
    const contact = renderToStaticMarkup(
      <ContactUs contactEmail="" messagingLink="https://wa.me/message/EXAMPLE" />,
    );
    expect(contact).toContain(
      '<a href="https://wa.me/message/EXAMPLE" rel="noopener">WhatsApp</a>',
    );
    expect(contact).not.toContain("mailto:");
  });
});
