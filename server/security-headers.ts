import { randomBytes } from "node:crypto";

/** docs/security.md#headers, in the order they are sent. */
export function securityHeaders({ https }: { https: boolean }) {
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
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
  ];
  // Browsers ignore HSTS over plain HTTP, and http://localhost must not be pinned to HTTPS.
  if (https) fixed.unshift(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return (nonce: string): [string, string][] => [
    [
      "Content-Security-Policy",
      `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}${afterNonce}`,
    ],
    ...fixed,
  ];
}

// Drawn 4 KB at a time: one system call per 256 nonces.
let nonceBytes = Buffer.alloc(0);
let nonceOffset = 0;

export function newNonce(): string {
  if (nonceOffset + 16 > nonceBytes.length) {
    nonceBytes = randomBytes(4096);
    nonceOffset = 0;
  }
  nonceOffset += 16;
  return nonceBytes.toString("base64", nonceOffset - 16, nonceOffset);
}
