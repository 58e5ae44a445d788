import { desc, eq } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { auditLog, users } from "#database/schema";
import * as catalogue from "#app/features/catalogue/public.server";
import { auditSentence } from "./audit-sentences";

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
  const [rows, entries] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        actor: auditLog.actor,
        actorName: users.firstName,
        action: auditLog.action,
        target: auditLog.target,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .orderBy(desc(auditLog.id))
      .limit(Math.min(limit, 500)),
    catalogue.listNamedEntries({ db }),
  ]);
  const names = new Map(entries.map((entry) => [entry.key, catalogue.entryName(entry)]));
  return rows.map((row) => ({
    id: row.id,
    sentence: auditSentence({ ...row, details: isRecord(row.details) ? row.details : {} }, (key) =>
      names.get(key),
    ),
  }));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
