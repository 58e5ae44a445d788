import type { SUBJECT_KINDS } from "#database/schema";

type SubjectKind = (typeof SUBJECT_KINDS)[number];

/** "Biology", "Pathology past papers", "BI110 Biology". */
export function subjectHeading(subject: { kind: SubjectKind; slug: string; name: string }) {
  if (subject.kind === "course") return `${subject.slug} ${subject.name}`;
  if (subject.kind === "medical_subject") return `${subject.name} past papers`;
  return subject.name;
}

export function subjectSavedName(subject: { kind: SubjectKind; slug: string; name: string }) {
  return subject.kind === "course" ? `${subject.slug} ${subject.name}` : subject.name;
}

export function subjectLevel(kind: SubjectKind): string {
  if (kind === "course") return "First year";
  if (kind === "medical_subject") return "Second-year medicine";
  return "Grade 10 - 12";
}
