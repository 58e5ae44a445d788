import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * Headers every response carries (docs/security.md, "Headers"), as name/value pairs in the
 * order they are sent. The nonce lets React Router's own inline hydration script run on the
 * few pages that hydrate; nothing else inline runs.
 */
export function securityHeadersFor({
  https,
}: {
  https: boolean;
}): (nonce: string) => [string, string][] {
  const beforeNonce = "default-src 'self'; script-src 'self' 'nonce-";
  const betweenNonces = "'; style-src 'self' 'nonce-";
  const afterNonce = [
    "'",
    "img-src 'self' data: https:",
    "media-src 'self' https:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src https://www.youtube-nocookie.com",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
  const fixed: [string, string][] = [
    // Browsers ignore HSTS over plain HTTP, and a site run on http://localhost must not
    // pin the name to HTTPS for a year: sent only when SITE_URL is https (docs/decisions/0005-security-headers-on-every-response.md).
    ...(https
      ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]]
      : []),
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
  ];
  return (nonce) => [
    ["Content-Security-Policy", `${beforeNonce}${nonce}${betweenNonces}${nonce}${afterNonce}`],
    ...fixed,
  ];
}

/** Random bytes drawn 4 KB at a time: one system call per 256 nonces, not one per response. */
let nonceBytes = Buffer.alloc(0);
let nonceOffset = 0;

/** A fresh 128-bit nonce, base64, for one response's Content-Security-Policy. */
export function newNonce(): string {
  if (nonceOffset + 16 > nonceBytes.length) {
    nonceBytes = randomBytes(4096);
    nonceOffset = 0;
  }
  nonceOffset += 16;
  return nonceBytes.toString("base64", nonceOffset - 16, nonceOffset);
}

export function securityHeaders({ https }: { https: boolean }): RequestHandler {
  const headersFor = securityHeadersFor({ https });
  return (_req, res, next) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    for (const [name, value] of headersFor(nonce)) res.setHeader(name, value);
    next();
  };
}
