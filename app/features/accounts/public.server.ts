/**
 * What the rest of the app may use from accounts, besides its routes: the users, sessions
 * and refresh_tokens tables are this feature's alone.
 */
export { hashForMissingUser } from "./passwords.server";
export { RegisterSchema } from "./schemas";
export { sessionIdFrom, sessionUserFrom, type SessionUser } from "./sessions.server";
export { accessTokenUser } from "./tokens.server";
export { createAccount } from "./sign-in.server";
export { findUserByUsername, promoteToAdmin } from "./users.server";
export { keepSignedInPagePrivate, signedInUserOf, viewerOf } from "./viewer.server";
