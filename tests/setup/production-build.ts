import { ensureBuild } from "#bin/ensure-build.js";

/**
 * Tests that serve the site use the production build (build/server/index.js), exactly as
 * it ships; it is made once, and only when a source is newer than it.
 */
export default function setup() {
  ensureBuild({ quiet: true });
}
