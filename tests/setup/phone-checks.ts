import type { Page } from "playwright-core";

/** The phone every page must fit: a common cheap Android screen, in CSS pixels. */
export const PHONE = { width: 360, height: 740 } as const;

/** WCAG 2.2 2.5.8 (AA): a target is at least 24 × 24 CSS px (docs/requirements.md#tap-targets). */
const MIN_TARGET_PX = 24;
/** The one thing each card, row or page is for: 44 px tall (docs/decisions/0031-findable-pages-and-tap-targets.md). */
const PRIMARY_MIN_HEIGHT_PX = 44;
const PRIMARY = ".button, .topic__download, .paper-row, .link-card, .jump-links a";

/**
 * Interactive elements smaller than 24 × 24 CSS px, or primary actions under 44 px tall,
 * described so a failure says which.
 * WCAG's inline exception applies: a link that sits inside a line of text (an inline element
 * whose block also holds other text) is sized by the text around it. Hidden elements and the
 * skip link (off screen until focused) are not targets.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ minimum, primary, primaryHeight }) => {
      const targets = document.querySelectorAll<HTMLElement>(
        "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex='-1'])",
      );
      // WCAG's inline exception, read narrowly: a link inside a paragraph of prose (at least
      // four words that are not themselves links), not a list of links or a file's row.
      const inSentence = (element: HTMLElement) => {
        if (getComputedStyle(element).display !== "inline") return false;
        const paragraph = element.closest("p");
        if (!paragraph) return false;
        const prose = [...paragraph.childNodes]
          .filter((node) => !(node instanceof Element && node.matches("a, button")))
          .map((node) => node.textContent ?? "")
          .join(" ");
        return (prose.match(/\p{L}{2,}/gu) ?? []).length >= 4;
      };
      const small: string[] = [];
      for (const element of targets) {
        if (element.classList.contains("skip-link")) continue;
        const box = element.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        const style = getComputedStyle(element);
        if (style.visibility === "hidden" || style.display === "none") continue;
        // A radio or checkbox is usually drawn small inside a label that is the real target.
        const label = (element as HTMLInputElement).labels?.[0];
        const targetBox =
          label && ["radio", "checkbox"].includes((element as HTMLInputElement).type)
            ? label.getBoundingClientRect()
            : box;
        const tall = element.matches(primary) ? primaryHeight : minimum;
        if (targetBox.width >= minimum && targetBox.height >= tall) continue;
        if (inSentence(element)) continue;
        const name =
          (element.textContent ?? "").trim().slice(0, 40) ||
          element.getAttribute("aria-label") ||
          element.tagName;
        small.push(
          `${element.tagName.toLowerCase()} "${name}" ${Math.round(targetBox.width)}×${Math.round(targetBox.height)}`,
        );
      }
      return small;
    },
    { minimum: MIN_TARGET_PX, primary: PRIMARY, primaryHeight: PRIMARY_MIN_HEIGHT_PX },
  );
}

/** How far the page reaches past the screen's right edge, in CSS px (0 when it fits). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}
