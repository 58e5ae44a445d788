import type { SiteSettings } from "#app/lib/site-settings.server";

type ContactProps = Pick<SiteSettings, "contactEmail" | "messagingLink">;

/** The about page's "Contact us", with only the ways the site's owner has set; none, nothing. */
export function ContactUs({ contactEmail, messagingLink }: ContactProps) {
  if (!contactEmail && !messagingLink) return null;
  return (
    <>
      <h2>Contact us</h2>
      <ul>
        {messagingLink ? (
          <li>
            Message us on{" "}
            <a href={messagingLink} rel="noopener">
              WhatsApp
            </a>
          </li>
        ) : null}
        {contactEmail ? (
          <li>
            E-mail <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
          </li>
        ) : null}
      </ul>
    </>
  );
}
