import express, {
  Router,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from "express";
import type { Database } from "#database/client.server";
import type { Logger } from "#app/lib/logger";
import type { RateLimiter } from "#app/lib/rate-limiter";
import { describeIssues } from "#app/lib/validation";
import { LoginSchema, RefreshSchema, RegisterSchema } from "./schemas";
import { deleteSession, sessionCookie, sessionIdFrom } from "./sessions.server";
import { countRegistrationAttempt, logIn, MESSAGES, registerStudent } from "./sign-in.server";
import { revokeRefreshToken, rotateRefreshToken } from "./tokens.server";
import { findUserRole } from "./users.server";

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
    const allowed = await countRegistrationAttempt({ limiter, client });
    if (!allowed.allowed)
      return tooMany(res, allowed.retryAfterSeconds, MESSAGES.tooManyRegistrations);

    const parsed = RegisterSchema.safeParse(req.body);
    if (!parsed.success) return res.status(400).json(describeIssues(parsed.error));
    const result = await registerStudent({ db, logger, student: parsed.data, client });
    if (result.outcome === "weak-password")
      return res.status(400).json({ error: result.message, fields: { password: result.message } });
    if (result.outcome === "taken") return res.status(409).json({ error: MESSAGES.usernameTaken });
    res.status(201).json({ message: MESSAGES.registered });
  });

  router.post("/api/token/", ...json, async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const parsed = LoginSchema.safeParse(req.body);
    if (!parsed.success) return res.status(400).json(describeIssues(parsed.error));
    const result = await logIn({
      db,
      limiter,
      logger,
      jwtSecret,
      ...parsed.data,
      client: clientOf(req),
    });
    if (result.outcome === "throttled")
      return tooMany(res, result.retryAfterSeconds, MESSAGES.tooManyLogins);
    if (result.outcome === "wrong-credentials")
      return res.status(401).json({ error: MESSAGES.badCredentials });
    // Besides the spec's token: an HttpOnly session cookie for the server-rendered admin pages.
    res.setHeader("Set-Cookie", sessionCookie({ https, value: result.sessionId }));
    // The older backend's key order: refresh, then access.
    res.json({ refresh: result.tokens.refresh, access: result.tokens.access });
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
