import express, {
  Router,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from "express";
import type { Database } from "#database/client.server";
import type { Logger } from "#app/lib/logger";
import type { RateLimiter, RateRule } from "#app/lib/rate-limiter";
import { hashPassword, needsRehash, passwordProblem } from "./passwords.server";
import { describeIssues } from "#app/lib/validation";
import { LoginSchema, RefreshSchema, RegisterSchema } from "./schemas";
import { createSession, deleteSession, sessionCookie, sessionIdFrom } from "./sessions.server";
import { issueTokens, revokeRefreshToken, rotateRefreshToken } from "./tokens.server";
import {
  checkCredentials,
  createUser,
  findUserRole,
  updatePasswordHash,
  UsernameTakenError,
} from "./users.server";

/** Limits (SECURITY.md B3). A correct password still works once a window has passed (BF-4). */
export const RATE_RULES = {
  loginFailuresPerUsernameMinute: { limit: 5, windowSeconds: 60 },
  loginFailuresPerUsernameHour: { limit: 100, windowSeconds: 3600 },
  loginFailuresPerClient: { limit: 10, windowSeconds: 180 },
  registrationsPerClient: { limit: 10, windowSeconds: 60 },
} satisfies Record<string, RateRule>;

export const MESSAGES = {
  registered: "User registered successfully",
  usernameTaken: "Registration failed: Username already exists, please try another username",
  badCredentials: "No active account found with the given credentials",
  badRefresh: "Token is invalid or expired",
  tooManyLogins: "Too many failed attempts. Please wait a little and try again.",
  tooManyRegistrations:
    "Too many registrations from your network. Please wait a minute and try again.",
} as const;

/**
 * The older backend's account calls, kept byte-compatible for the Android app (spec §7,
 * DECISIONS.md "Backend calls"): POST /register/, POST /api/token/, POST /api/token/refresh/.
 */
export function accountsApi({
  db,
  jwtSecret,
  limiter,
  logger,
  https,
}: {
  db: Database;
  jwtSecret: string;
  limiter: RateLimiter;
  logger: Logger;
  /** Whether the site is served over HTTPS (SITE_URL): the session cookie is then Secure. */
  https: boolean;
}): Router {
  // Strict: "/register/" is the call, "/register" the page.
  const router = Router({ strict: true });
  const json = [requireJson, express.json({ limit: "16kb", strict: true })];

  router.post("/register/", ...json, async (req, res) => {
    const client = clientOf(req);
    const allowed = await limiter.hit(`register:${client}`, RATE_RULES.registrationsPerClient);
    if (!allowed.allowed)
      return tooMany(res, allowed.retryAfterSeconds, MESSAGES.tooManyRegistrations);

    const parsed = RegisterSchema.safeParse(req.body);
    if (!parsed.success) return res.status(400).json(describeIssues(parsed.error));
    const { first_name: firstName, last_name: lastName, username, email, password } = parsed.data;
    const problem = passwordProblem({ password, username, firstName, lastName });
    if (problem) return res.status(400).json({ error: problem, fields: { password: problem } });

    try {
      await createUser({
        db,
        user: { firstName, lastName, username, email, passwordHash: await hashPassword(password) },
      });
    } catch (error) {
      if (error instanceof UsernameTakenError)
        return res.status(409).json({ error: MESSAGES.usernameTaken });
      throw error;
    }
    logger.info({ event: "register", username, client }, "account created");
    res.status(201).json({ message: MESSAGES.registered });
  });

  router.post("/api/token/", ...json, async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const parsed = LoginSchema.safeParse(req.body);
    if (!parsed.success) return res.status(400).json(describeIssues(parsed.error));
    const { username, password } = parsed.data;
    const client = clientOf(req);
    const usernameKey = username.toLowerCase();

    // Checked before the hash runs: a blocked attempt costs no CPU (BF-3).
    const states = await Promise.all([
      limiter.check(`login-client:${client}`, RATE_RULES.loginFailuresPerClient),
      limiter.check(`login-user:${usernameKey}`, RATE_RULES.loginFailuresPerUsernameMinute),
      limiter.check(`login-user:${usernameKey}`, RATE_RULES.loginFailuresPerUsernameHour),
    ]);
    const blocked = states.filter((state) => !state.allowed);
    if (blocked.length) {
      logger.warn(
        { event: "login-throttled", username, client },
        "login refused: too many failures",
      );
      return tooMany(
        res,
        Math.max(...blocked.map((state) => state.retryAfterSeconds)),
        MESSAGES.tooManyLogins,
      );
    }

    const user = await checkCredentials({ db, username, password });
    if (!user) {
      await Promise.all([
        limiter.hit(`login-client:${client}`, RATE_RULES.loginFailuresPerClient),
        limiter.hit(`login-user:${usernameKey}`, RATE_RULES.loginFailuresPerUsernameMinute),
        limiter.hit(`login-user:${usernameKey}`, RATE_RULES.loginFailuresPerUsernameHour),
      ]);
      logger.info({ event: "login-failed", username, client }, "login failed");
      return res.status(401).json({ error: MESSAGES.badCredentials });
    }
    if (needsRehash(user.passwordHash)) {
      await updatePasswordHash({ db, userId: user.id, passwordHash: await hashPassword(password) });
    }
    const tokens = await issueTokens({ db, secret: jwtSecret, userId: user.id, role: user.role });
    // Besides the spec's token: an HttpOnly session cookie for the server-rendered admin pages.
    res.setHeader(
      "Set-Cookie",
      sessionCookie({ https, value: await createSession({ db, userId: user.id }) }),
    );
    logger.info({ event: "login", username: user.username, client }, "logged in");
    // The older backend's key order: refresh, then access.
    res.json({ refresh: tokens.refresh, access: tokens.access });
  });

  router.post("/api/token/refresh/", ...json, async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const parsed = RefreshSchema.safeParse(req.body);
    if (!parsed.success) return res.status(400).json(describeIssues(parsed.error));
    const tokens = await rotateRefreshToken({
      db,
      secret: jwtSecret,
      token: parsed.data.refresh,
      roleOf: (userId) => findUserRole({ db, userId }),
    });
    if (!tokens) return res.status(401).json({ error: MESSAGES.badRefresh });
    res.json({ access: tokens.access, refresh: tokens.refresh });
  });

  /** Logging out of the app (SimpleJWT's blacklist call): the refresh token stops working. */
  router.post("/api/token/blacklist/", ...json, async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const parsed = RefreshSchema.safeParse(req.body);
    if (!parsed.success) return res.status(400).json(describeIssues(parsed.error));
    if (!(await revokeRefreshToken({ db, secret: jwtSecret, token: parsed.data.refresh })))
      return res.status(401).json({ error: MESSAGES.badRefresh });
    res.json({});
  });

  router.post("/logout", async (req, res) => {
    const sessionId = sessionIdFrom(req.headers.cookie, https);
    if (sessionId) await deleteSession({ db, sessionId });
    res.setHeader("Set-Cookie", sessionCookie({ https, value: "", maxAgeSeconds: 0 }));
    res.redirect(303, "/");
  });

  for (const path of [
    "/register/",
    "/api/token/",
    "/api/token/refresh/",
    "/api/token/blacklist/",
  ]) {
    router.all(path, methodNotAllowed);
  }
  return router;
}

/** SECURITY.md IV-3: a body that is not JSON is refused before it is read. */
const requireJson: RequestHandler = (req, res, next) => {
  if (!req.is("application/json"))
    return res.status(415).json({ error: "Send the request body as application/json." });
  next();
};

const methodNotAllowed = (_req: Request, res: Response, _next: NextFunction) => {
  res.setHeader("Allow", "POST");
  res.status(405).json({ error: "Use POST for this address." });
};

function tooMany(res: Response, retryAfterSeconds: number, message: string) {
  res.setHeader("Retry-After", String(retryAfterSeconds));
  return res.status(429).json({ error: message });
}

function clientOf(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}
