import { SaxesParser } from "saxes";

// Inlined diagrams may hold only these (docs/security.md#input). The browser reads them as HTML,
// so whatever an XML parser could read differently is refused too.
const words = (...groups: string[]) => new Set(groups.join(" ").split(" "));

const ELEMENTS = words(
  "svg g defs symbol use title desc path rect circle ellipse line polyline polygon text tspan",
  "marker linearGradient radialGradient stop clipPath pattern",
);
const TEXT_ONLY = words("title desc");

const ATTRIBUTES = words(
  "id class role lang xml:lang xml:space xmlns xmlns:xlink version viewBox preserveAspectRatio",
  "x y x1 y1 x2 y2 cx cy r rx ry fx fy fr d points width height pathLength transform",
  "dx dy rotate textLength lengthAdjust font-family font-size font-weight font-style",
  "font-variant text-anchor text-decoration dominant-baseline alignment-baseline baseline-shift",
  "letter-spacing word-spacing writing-mode",
  "fill fill-opacity fill-rule stroke stroke-width stroke-opacity stroke-dasharray",
  "stroke-dashoffset stroke-linecap stroke-linejoin stroke-miterlimit opacity color visibility",
  "display paint-order vector-effect shape-rendering clip-path clip-rule marker-start marker-mid",
  "marker-end markerWidth markerHeight markerUnits refX refY orient gradientUnits",
  "gradientTransform spreadMethod offset stop-color stop-opacity patternUnits",
  "patternContentUnits patternTransform clipPathUnits href xlink:href",
);

const ARIA = /^aria-[a-z]+$/;
const NAMESPACES: Record<string, string> = {
  xmlns: "http://www.w3.org/2000/svg",
  "xmlns:xlink": "http://www.w3.org/1999/xlink",
};
const LOCAL_FRAGMENT = /^#[A-Za-z_][\w.-]*$/;

export function assertSafeSvg(file: string, svg: string): void {
  const shown = `content/quizzes/diagrams/${file}`;
  const parser = new SaxesParser({ position: true });
  const refuse = (what: string): never => {
    throw new Error(`${shown} line ${parser.line}, column ${parser.column}: ${what}`);
  };
  const open: string[] = [];
  let element = "";

  parser.on("error", (error) =>
    refuse(`not well-formed XML: ${error.message.replace(/^\d+:\d+: /, "")}`),
  );
  parser.on("doctype", () => refuse("a DOCTYPE (and any ENTITY in it) is not allowed"));
  parser.on("processinginstruction", ({ target }) =>
    refuse(`the processing instruction <?${target} ...?> is not allowed`),
  );
  parser.on("comment", () => refuse("a comment is not allowed"));
  parser.on("cdata", () => refuse("a CDATA section is not allowed"));
  parser.on("opentagstart", ({ name }) => {
    element = name;
    if (open.length === 0 && name !== "svg")
      refuse(`the root element must be <svg>, not <${name}>`);
    const parent = open.at(-1);
    if (parent && TEXT_ONLY.has(parent))
      refuse(`<${name}> inside <${parent}> is not allowed: text only`);
    if (!ELEMENTS.has(name)) refuse(`element <${name}> is not allowed`);
  });
  parser.on("attribute", ({ name, value }) => {
    if (!ATTRIBUTES.has(name) && !ARIA.test(name))
      refuse(`attribute "${name}" on <${element}> is not allowed`);
    const namespace = NAMESPACES[name];
    if (namespace !== undefined && value !== namespace)
      refuse(`attribute "${name}" on <${element}> must be "${namespace}"`);
    // Entities are decoded already: this is the value the browser sees.
    if ((name === "href" || name === "xlink:href") && !LOCAL_FRAGMENT.test(value))
      refuse(`attribute "${name}" on <${element}> must link to "#id" in the drawing`);
    if (!localReferencesOnly(value))
      refuse(`attribute "${name}" on <${element}> may only use url(#id)`);
  });
  parser.on("opentag", ({ name, attributes }) => {
    if (name === "use" && attributes.href === undefined && attributes["xlink:href"] === undefined)
      refuse(`<use> needs href="#id"`);
    open.push(name);
  });
  parser.on("closetag", () => open.pop());

  parser.write(svg).close();
  // What is inlined is the file without its <?xml ...?> (quizzes.server.ts).
  if (!/^(<\?xml[^>]*\?>\s*)?<svg[\s/>]/.test(svg.trim()))
    throw new Error(`${shown} is not an SVG: it does not start with <svg`);
}

// Only `url(#id)` inside the drawing. A CSS escape could spell `url(` another way: no backslashes.
function localReferencesOnly(value: string): boolean {
  if (value.includes("\\")) return false;
  // Without spaces and control characters, `URL ( "https:...")` is seen as url(.
  const squeezed = Array.from(value.toLowerCase())
    .filter((char) => char > " ")
    .join("");
  return squeezed
    .split("url(")
    .slice(1)
    .every((rest) => /^["']?#/.test(rest));
}
