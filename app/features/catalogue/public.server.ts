/**
 * What the rest of the app may use from the catalogue, besides its routes: the subjects
 * and materials tables are this feature's alone.
 */
export { readCatalogueContent } from "./catalogue-files.server";
export {
  setMaterialExternalLink,
  setMaterialFile,
  setMaterialImage,
  updateMaterial,
} from "./commands.server";
export { loadCatalogue, makeDeferredSamples } from "./load-catalogue.server";
export {
  downloadNameFor,
  findDownloadLinks,
  listSubjects,
  type DownloadLink,
} from "./queries.server";
export {
  ExternalLinkSchema,
  MaterialEditSchema,
  type ExternalLink,
  type MaterialEdit,
} from "./material-schemas";
