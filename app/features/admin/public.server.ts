// The audit_log table is this feature's alone.
export { recordAudit } from "./audit.server";
export { contentImportOnServer, runContentImport } from "./content-import.server";
