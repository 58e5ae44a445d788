import type { ReactNode } from "react";

export type LinkCard = { href: string; name: ReactNode; note?: ReactNode };

/** Links drawn as cards a thumb can hit (docs/decisions/0031-findable-pages-and-tap-targets.md). */
export function LinkCards({ cards, label }: { cards: readonly LinkCard[]; label?: string }) {
  return (
    <ul className="link-grid" aria-label={label}>
      {cards.map((card) => (
        <li key={card.href}>
          <a className="link-card" href={card.href}>
            {card.name}
            {card.note === undefined ? null : <span className="link-card__note">{card.note}</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}
