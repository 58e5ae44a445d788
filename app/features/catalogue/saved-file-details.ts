type SavedFile = { subject: string; grade?: string | null; year?: number | null; label: string };

/** Stored with a saved file so /saved works offline (docs/requirements.md#saved-for-offline). */
export function savedFileDetails({ subject, grade = null, year = null, label }: SavedFile) {
  const parts = [subject, grade ? `Grade ${grade}` : null, year, label];
  const name = parts.filter((part) => part !== null).join(" · ");
  return { subject, year, label, name };
}

export type SavedFileDetails = ReturnType<typeof savedFileDetails>;
