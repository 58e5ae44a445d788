import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const ROLES = ["student", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** As typed, without surrounding spaces. */
    username: text("username").notNull(),
    /** The older clients always send an empty string (docs/requirements.md#the-older-apps-calls). */
    email: text("email").notNull().default(""),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).notNull().default("student"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Unique ignoring case: two registrations racing for "Mwila" and "mwila" leave one account.
  (table) => [uniqueIndex("users_username_lower_key").on(sql`lower(${table.username})`)],
);

/** The student a row belongs to: it goes when their account does. */
export const ownerId = () =>
  integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/**
 * One app sign-in and every refresh token rotated from it (docs/security.md#tokens). The
 * family, not each token, is what is revoked: a token issued while another request revokes
 * the family is dead all the same. It ends at `expiresAt` however often it is refreshed.
 */
export const tokenFamilies = pgTable(
  "token_families",
  {
    id: text("id").primaryKey(),
    userId: ownerId(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("token_families_user_idx").on(table.userId)],
);

/**
 * Issued refresh tokens, so that a refresh can be rotated and a reused one detected:
 * presenting a spent token revokes its whole family.
 */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: text("id").primaryKey(),
    userId: ownerId(),
    familyId: text("family_id")
      .notNull()
      .references(() => tokenFamilies.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("refresh_tokens_family_idx").on(table.familyId)],
);

/**
 * Signed-in browser sessions (the admin pages' cookie). Only a hash of the cookie's value
 * is stored, so a copy of the database cannot be used to sign in.
 */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: ownerId(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // "Keep me signed in on this phone": a longer life, and the account page asks again after
    // the usual one (docs/security.md#sessions).
    keptSignedIn: boolean("kept_signed_in").notNull().default(false),
    // The tokens the same login issued, which its log out ends too.
    tokenFamilyId: text("token_family_id").references(() => tokenFamilies.id, {
      onDelete: "set null",
    }),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);
