export {
  quizSubtopicsOf,
  readCatalogueContent,
  type CatalogueContent,
} from "./catalogue-files.server";
export { coverageReport } from "./coverage";
export { parseManifest } from "./import-manifest";
export { entryName, type NamedEntry } from "./import-names";
export {
  planFolderImport,
  planManifestImport,
  type ImportPlan,
  type PlannedFile,
} from "./import-plan";
export {
  type MaterialChange,
  setMaterialExternalLink,
  setMaterialFile,
  setMaterialImage,
  updateMaterial,
} from "./commands.server";
export { loadCatalogue, makeDeferredSamples } from "./load-catalogue.server";
export {
  downloadNameFor,
  findDownloadLinks,
  findMaterialForAdmin,
  listMaterialsForAdmin,
  listNamedEntries,
  listSubjects,
  subjectNamesBySlug,
  type AdminMaterial,
  type DownloadLink,
} from "./queries.server";
export {
  ExternalLinkSchema,
  MaterialEditSchema,
  type ExternalLink,
  type MaterialEdit,
} from "./material-schemas";
