export const LOG_IN_INVITE =
  "Log in to keep your quiz results: results on this phone are sent to your account when you do.";

export const SAVED_ON_PHONE_LINE =
  "A quiz you try offline or before you log in is kept on this phone, and sent to your account after you log in on this phone.";

export const PHONE_NEEDS_JAVASCRIPT = "Results kept on this phone show here when JavaScript is on.";
export const PHONE_NOTHING_WAITING = "No quiz results are waiting on this phone.";
export const SENT_FROM_PHONE =
  "Results from this phone were sent to your account. Showing them now…";
export const NOT_SENT_FROM_PHONE =
  "Some results on this phone could not be sent yet. They will be sent the next time you are online.";
