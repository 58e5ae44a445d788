import type { SiteSettings } from "#app/lib/site-settings.server";

const SOCIAL_NAMES = [
  ["facebook", "Facebook"],
  ["tiktok", "TikTok"],
  ["whatsapp", "WhatsApp"],
] as const;

type FooterProps = { siteName: string; social: SiteSettings["social"] };

export function SiteFooter({ siteName, social }: FooterProps) {
  const links = SOCIAL_NAMES.filter(([key]) => social[key] !== "");
  return (
    <footer className="site-footer">
      {links.length > 0 ? (
        <ul className="site-footer__social" aria-label="Follow us">
          {links.map(([key, name]) => (
            <li key={key}>
              <a href={social[key]} rel="noopener">
                {name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <a href="/about">FAQ</a> · <a href="/saved">Saved for offline</a>
      </p>
      <p className="site-footer__copyright">
        © {new Date().getFullYear()} {siteName}. Free to learn, free to share.
      </p>
    </footer>
  );
}
