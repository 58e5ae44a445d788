import { z } from "zod";
import { isPlainText } from "#app/lib/text-rules";
import { PASSWORD_MAX, PASSWORD_MIN } from "./texts";
import { normalizeUsername, USERNAME_PATTERN } from "./usernames";

const newPassword = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .min(PASSWORD_MIN, `${label} must be at least ${PASSWORD_MIN} characters.`)
    .max(PASSWORD_MAX, `${label} must be at most ${PASSWORD_MAX} characters.`);

const name = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(150, `${label} must be at most 150 characters.`)
    .refine(isPlainText, `${label} must not contain control characters.`);

// The older site's body (docs/requirements.md#the-older-apps-calls); unknown fields such as
// is_staff are dropped (docs/security.md#input).
export const RegisterSchema = z.object({
  first_name: name("First name"),
  last_name: name("Last name"),
  username: z
    .string({ error: "Username must be text." })
    .overwrite(normalizeUsername)
    .min(1, "Username is required.")
    .max(150, "Username must be at most 150 characters.")
    .refine((value) => !/\s/.test(value), "Username must not contain spaces.")
    .refine(
      (value) => USERNAME_PATTERN.test(value),
      "Username may contain only letters, numbers and @ . + - _",
    ),
  email: z.union(
    [
      z.literal(""),
      z.email("Email must be a valid address.").max(254, "Email must be at most 254 characters."),
    ],
    { error: "Email must be a valid address or empty." },
  ),
  password: newPassword("Password"),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const LoginSchema = z.object({
  username: name("Username"),
  password: z
    .string({ error: "Password must be text." })
    .min(1, "Password is required.")
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
});

/** The login page's form: the app's call takes no choice of how long to stay signed in. */
export const LoginFormSchema = LoginSchema.extend({
  keep_signed_in: z.literal("1").optional(),
});

export const RefreshSchema = z.object({
  refresh: z
    .string({ error: "refresh must be text." })
    .min(1, "refresh is required.")
    .max(2048, "refresh is too long."),
});

// The current password is only bounded, as at login: no request makes the server hash a huge one.
export const ChangePasswordSchema = z
  .object({
    current_password: z
      .string({ error: "Current password must be text." })
      .min(1, "Type your current password.")
      .max(PASSWORD_MAX, `Current password must be at most ${PASSWORD_MAX} characters.`),
    new_password: newPassword("Password"),
    new_password_again: z.string({ error: "Type the new password again." }),
  })
  .refine((form) => form.new_password === form.new_password_again, {
    message: "The two new passwords are not the same. Type the new password twice.",
    path: ["new_password_again"],
  });

export const DeleteAccountSchema = z.object({
  username: z.string({ error: "Type your username." }).max(200, "That is not your username."),
});
