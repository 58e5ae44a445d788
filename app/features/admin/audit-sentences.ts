// The audit log read as sentences (docs/requirements.md#adminaudit): who did what to which
// entry, and when, never the stored JSON.

export type LoggedChange = {
  actor: string;
  /** The admin's first name when the entry names an account. */
  actorName: string | null;
  action: string;
  target: string;
  details: Record<string, unknown>;
  createdAt: Date;
};

/** "Biology Grade 11 Cell Biology" for a material's key; undefined for one since removed. */
type NameOfKey = (key: string) => string | undefined;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "27 Nov 2026 14:02 UTC". */
export function auditTime(at: Date): string {
  const hhmm = at.toISOString().slice(11, 16);
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()} ${hhmm} UTC`;
}

const COMMANDS: Record<string, string> = {
  "command line": "The server's command line",
  "content:import": "The importer",
};

function who({ actor, actorName }: Pick<LoggedChange, "actor" | "actorName">): string {
  return COMMANDS[actor] ?? actorName ?? actor;
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
const quoted = (value: unknown) => `“${text(value) ?? "untitled"}”`;

function bytes(value: unknown): string | undefined {
  if (typeof value !== "number") return undefined;
  if (value < 1_000_000) return `${Math.max(1, Math.round(value / 1_000))} KB`;
  return `${Number((value / 1_000_000).toFixed(1))} MB`;
}

/** 400 ngwee is "4 ZMW", 450 "4.50 ZMW"; a free entry is "Free". */
function price(details: Record<string, unknown>): string {
  if (details.isFree === true) return "Free";
  const ngwee = details.priceNgwee;
  if (typeof ngwee !== "number") return "no price";
  return `${ngwee % 100 === 0 ? ngwee / 100 : (ngwee / 100).toFixed(2)} ZMW`;
}

/** The fields of a material's form, as the form labels them. */
const FIELDS: [string, (details: Record<string, unknown>) => string][] = [
  ["title", (d) => quoted(d.title)],
  ["price", price],
  ["crossed-out price", (d) => text(d.crossedOutPrice) ?? "none"],
  ["grade", (d) => text(d.grade) ?? "none"],
  ["year", (d) => text(d.year) ?? "none"],
  ["label", (d) => text(d.label) ?? "none"],
  ["Brain Booster", (d) => text(d.brainBooster) ?? "none"],
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function materialChanges(details: Record<string, unknown>): string {
  const { before, ...after } = details;
  if (!isRecord(before)) {
    // Entries written before the earlier values were kept say what was saved.
    return `saved the details of {entry}: ${FIELDS.map(([field, show]) => `${field} ${show(after)}`).join(", ")}`;
  }
  const changed = FIELDS.filter(([, show]) => show(before) !== show(after)).map(
    ([field, show]) => `the ${field} of {entry} from ${show(before)} to ${show(after)}`,
  );
  if (changed.length === 0) return "saved the details of {entry}, unchanged";
  return `changed ${joinAnd(changed.map((change, index) => (index === 0 ? change : change.replace(" of {entry}", ""))))}`;
}

function joinAnd(parts: string[]): string {
  return parts.length <= 1
    ? (parts[0] ?? "")
    : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** What was done, with `{entry}` where the entry's name goes. */
function deed(action: string, details: Record<string, unknown>): string | undefined {
  const title = quoted(details.title);
  switch (action) {
    case "article.create-draft":
      return `saved a new article, ${title}, as a draft`;
    case "article.create-published":
      return `wrote and published the article ${title}`;
    case "article.update":
      return `edited the article ${title}`;
    case "article.update-published":
      return `edited and published the article ${title}`;
    case "article.publish":
      return `published the article ${title}`;
    case "article.unpublish":
      return `unpublished the article ${title}`;
    case "article.delete":
      return `deleted the article ${title}`;
    case "material.update":
      return materialChanges(details);
    case "material.replace-file": {
      const size = bytes(details.byteSize);
      return `put a new file behind {entry}: ${quoted(details.fileName)}${size ? `, ${size}` : ""}, downloaded as ${quoted(details.downloadName)}`;
    }
    case "material.replace-image":
      return "put a new cover on {entry}";
    case "material.set-external-link": {
      const size = bytes(details.byteSize);
      return `pointed {entry} at a file elsewhere, ${text(details.url) ?? "an address"}${size ? ` (${size})` : ""}`;
    }
    case "user.create-admin":
      return "made a new admin, {entry}";
    case "user.promote-admin":
      return "made {entry}, who had an account already, an admin";
    default:
      return undefined;
  }
}

/** "Mwila changed the price of Biology Grade 11 Cell Biology from 4 ZMW to Free, 27 Nov 2026 14:02 UTC." */
export function auditSentence(change: LoggedChange, nameOfKey: NameOfKey): string {
  const [kind, ...rest] = change.target.split(" ");
  const id = rest.join(" ");
  const entry = kind === "material" ? (nameOfKey(id) ?? id) : kind === "user" ? id : change.target;
  const done = deed(change.action, change.details);
  const said = done
    ? done.replaceAll("{entry}", entry)
    : `did “${change.action}” to ${change.target}${detailsInWords(change.details)}`;
  return `${who(change)} ${said}, ${auditTime(change.createdAt)}.`;
}

/** An action this list does not know yet still reads as words: "(title: Exams)". */
function detailsInWords(details: Record<string, unknown>): string {
  const pairs = Object.entries(details).flatMap(([key, value]) =>
    text(value) === undefined ? [] : [`${key}: ${text(value)}`],
  );
  return pairs.length > 0 ? ` (${pairs.join(", ")})` : "";
}
