/**
 * What 'Save for offline' keeps beside a file on the phone, so that /saved can name it in full
 * and group it by subject with no connection (docs/requirements.md, "Saved for offline").
 */
export type SavedFileDetails = {
  /** The heading it is listed under on /saved: "Pathology", "BI110 Biology", "Mathematics". */
  subject: string;
  year: number | null;
  /** Its own name on its page: "Test 1", "Indices", "Cell Physiology". */
  label: string;
  /** Its name anywhere else: "Pathology · 2023 · Test 1", "Mathematics · Grade Ten · Indices". */
  name: string;
};

export function savedFileDetails({
  subject,
  grade = null,
  year = null,
  label,
}: {
  subject: string;
  grade?: string | null;
  year?: number | null;
  label: string;
}): SavedFileDetails {
  const name = [
    subject,
    grade ? `Grade ${grade}` : null,
    year === null ? null : String(year),
    label,
  ]
    .filter((part) => part !== null)
    .join(" · ");
  return { subject, year, label, name };
}
