/** What the My account page says, word for word (docs/decisions/0045-the-account-pages.md). */
export const ACCOUNT_TEXTS = {
  passwordChanged:
    "Password changed. Every other phone and the app are logged out: log in there again with your new password.",
  wrongPassword: "Your current password is not right. Nothing was changed.",
  wrongUsername: "That is not your username, so nothing was deleted. Type it exactly as shown.",
  lastAdmin:
    "You are the site's only admin, so this account cannot be deleted. Make another admin first.",
  unknownForm: "That form could not be read. Please try again from this page.",
  deleted:
    "Your account and all your quiz results are deleted. You are logged out on every phone and in the app.",
} as const;

/** Which of the page's forms an answer belongs to, so each shows its own message. */
export type AccountForm = "password" | "delete";

/** The action's answer: a message for one form, and what the student typed where it is kept. */
export type AccountFormResult = {
  form: AccountForm;
  status?: string;
  error?: string;
  /** The delete form's typed username, kept after a refusal (passwords are never sent back). */
  typedUsername?: string;
};
