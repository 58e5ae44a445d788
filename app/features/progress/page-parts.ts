export const PROGRESS_PART = {
  status: "progress-status",
  phoneList: "phone-attempts",
  phoneItem: "phone-attempt",
  phoneNoScript: "phone-no-script",
  phoneEmpty: "phone-empty",
  quizData: "progress-quizzes",
} as const;

export type PhoneQuizData = Record<string, { title: string; key: string }>;

export const RELOAD_AFTER_SENT_MS = 1_500;
