export const LOG_IN_INVITE =
  "Log in to keep your quiz results: results on this phone are sent to your account when you do.";

export const SAVED_ON_PHONE_LINE =
  "A quiz you try offline or before you log in is kept on this phone, and sent to your account after you log in on this phone.";
