export const PROGRESS_PART = {
  status: "progress-status",
  phoneList: "phone-attempts",
  phoneItem: "phone-attempt",
  phoneNoScript: "phone-no-script",
  phoneEmpty: "phone-empty",
  quizData: "progress-quizzes",
} as const;

export type PhoneQuizData = Record<string, { title: string; key: string }>;
