/**
 * What the rest of the app may use from downloads, besides its routes: the stored_files
 * table, and the bytes behind it in file storage, are this feature's alone.
 */
export { describeDownload } from "./describe-download";
export { samplePdf } from "./sample-pdf";
export {
  findStoredFile,
  findStoredFiles,
  recordStoredFile,
  storeFile,
  type StoredFile,
} from "./stored-files.server";
