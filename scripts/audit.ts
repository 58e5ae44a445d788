/** `npm run audit:deps`: runs npm audit on the production dependencies and judges it (see audit-verdict.ts). */
import { spawnSync } from "node:child_process";
import { auditVerdict } from "./audit-verdict";

const result = spawnSync("npm", ["audit", "--omit=dev", "--json"], {
  encoding: "utf8",
  timeout: 120_000,
});
const verdict = auditVerdict(result.stdout ?? "");
for (const line of verdict.lines) console.log(line);
process.exit(verdict.ok ? 0 : 1);
