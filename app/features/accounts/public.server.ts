// The users, sessions and refresh_tokens tables are this feature's alone.
export { adminCreateOnServer, runAdminCreate } from "./admin-create.server";
export { hashForMissingUser } from "./passwords.server";
export { deleteExpiredSignIns, sessionIdFrom, sessionUserFrom } from "./sessions.server";
export { accessTokenUser } from "./tokens.server";
export { listStudentNames } from "./users.server";
export {
  keepSignedInPagePrivate,
  keepViewerCookieInStep,
  requireUser,
  signedInUserContext,
  signedInUserOf,
  viewerOf,
} from "./viewer.server";
