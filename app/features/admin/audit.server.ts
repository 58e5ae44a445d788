import { desc } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { auditLog } from "#database/schema";

export type Actor = { id: number | null; username: string };
export type AdminChange = { db: Database; actor: Actor };
export type AuditEntry = { action: string; target: string; details?: Record<string, unknown> };

export async function recordAudit(audit: AdminChange & AuditEntry) {
  const { db, actor, action, target, details = {} } = audit;
  await db
    .insert(auditLog)
    .values({ userId: actor.id, actor: actor.username, action, target, details });
}

export async function listAudit({ db, limit = 200 }: { db: Database; limit?: number }) {
  return db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(Math.min(limit, 500));
}
