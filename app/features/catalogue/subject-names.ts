import type { SUBJECT_KINDS } from "#database/schema";

export type SubjectKind = (typeof SUBJECT_KINDS)[number];
type Subject = { kind: SubjectKind; slug: string; name: string };

/** "Biology", "Pathology past papers", "BI110 Biology". */
export function subjectHeading(subject: Subject) {
  return subject.kind === "medical_subject"
    ? `${subject.name} past papers`
    : subjectSavedName(subject);
}

export function subjectSavedName(subject: Subject) {
  return subject.kind === "course" ? `${subject.slug} ${subject.name}` : subject.name;
}

export function subjectLevel(kind: SubjectKind): string {
  if (kind === "course") return "First year";
  if (kind === "medical_subject") return "Second-year medicine";
  return "Grade 10 - 12";
}
