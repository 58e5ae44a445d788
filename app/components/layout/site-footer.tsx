import type { SiteSettings } from "#app/lib/site-settings.server";

export function SiteFooter({
  siteName,
  social,
}: {
  siteName: string;
  social: SiteSettings["social"];
}) {
  return (
    <footer className="site-footer">
      <ul className="site-footer__social" aria-label="Follow us">
        <li>
          <a href={social.facebook} rel="noopener">
            Facebook
          </a>
        </li>
        <li>
          <a href={social.tiktok} rel="noopener">
            TikTok
          </a>
        </li>
        <li>
          <a href={social.whatsapp} rel="noopener">
            WhatsApp
          </a>
        </li>
      </ul>
      <p>
        <a href="/about">FAQ</a> · <a href="/saved">Saved for offline</a>
      </p>
      <p className="site-footer__copyright">
        © {new Date().getFullYear()} {siteName}. Free to learn, free to share.
      </p>
    </footer>
  );
}
