export { describeCopies, describeDownload, formatBytes } from "./describe-download";
export { coverAsWebp, refuseOversizedPicture, webpCover } from "./cover-image.server";
export { namesCurrentVersion } from "./entity-tags";
export { accepts, detectFileType, type UploadKind } from "./file-types";
export {
  askForLiteCopy,
  askForMissingLiteCopies,
  LITE_COPY_JOB,
  liteFileName,
  makeLiteCopy,
  makeLiteCopyNow,
  liteCopyOutcome,
  liteCopyProgress,
  wantsLiteCopy,
} from "./lite-copies.server";
export { findPictureSizes, makePictureSizes } from "./picture-sizes.server";
export { samplePdf } from "./sample-pdf";
export {
  findStoredFile,
  findStoredFiles,
  recordStoredFile,
  storedImageAddress,
  storeFile,
  type StoredFile,
} from "./stored-files.server";
export {
  MAX_UPLOAD_BYTES,
  NOT_ACCEPTED,
  refuseUnusablePdf,
  saveUpload,
  storeUnreachable,
  unusablePdfRefusal,
  type ReceivedUpload,
} from "./uploads.server";
