/**
 * Share a page: a WhatsApp link that works with no script; on a phone with a share sheet the
 * offline helper opens that instead and drops "on WhatsApp" (app/page-scripts/offline.ts).
 */
export function ShareLink({ href, what }: { href: string; what: string }) {
  return (
    <a className="button button--quiet" href={href} data-share="">
      Share {what}
      <span> on WhatsApp</span>
    </a>
  );
}
