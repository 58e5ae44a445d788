/**
 * A struck price alone reads as "you must pay" (docs/decisions/0031-findable-pages-and-tap-targets.md):
 * beside it, the one word the site uses for free, as on books
 * (docs/decisions/0089-one-way-to-say-free.md).
 */
export function PriceTag({ isFree, priceNgwee }: { isFree: boolean; priceNgwee: number | null }) {
  if (isFree || priceNgwee === null) return <span className="badge badge--free">FREE</span>;
  const zmw = priceNgwee % 100 === 0 ? String(priceNgwee / 100) : (priceNgwee / 100).toFixed(2);
  return (
    <span className="price-tag">
      <span className="badge badge--price">
        <span className="visually-hidden">Price shown: </span>
        <s>{zmw} ZMW</s>
      </span>{" "}
      <span className="badge badge--free">FREE</span>
    </span>
  );
}
