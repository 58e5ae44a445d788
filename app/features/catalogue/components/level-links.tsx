import { LinkCards } from "#app/components/ui/link-cards";

const LEVELS = [
  { href: "/tutorials/senior", name: "Grade 10 - 12", note: "Senior secondary school" },
  {
    href: "/tutorials/first-year",
    name: "First year",
    note: "University, national qualification courses",
  },
  { href: "/tutorials/med", name: "Second-year medicine", note: "Past papers for eleven subjects" },
  { href: "/tutorials/advanced", name: "Advanced", note: "Coming soon" },
] as const;

export function LevelLinks({ except }: { except?: string }) {
  return <LinkCards label="Levels" cards={LEVELS.filter((level) => level.href !== except)} />;
}
