import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest, slowest first, measured on CI's two cores (a whole run's JSON
 * report, `npx vitest run --reporter=json`). With two files at a time, a long file started
 * last leaves one core idle to the end: every-route-on-a-phone, started ninth from last,
 * ran nearly three minutes alone. Only the order depends on this list.
 */
const SLOWEST = [
  "tests/e2e/every-route-on-a-phone.test.ts",
  "tests/e2e/quizzes.test.ts",
  "tests/e2e/bad-input.test.ts",
  "tests/e2e/forms-without-javascript.test.ts",
  "tests/e2e/crash-safety.test.ts",
  "tests/e2e/admin-create.test.ts",
  "tests/e2e/catalogue.test.ts",
  "tests/e2e/accounts.test.ts",
  "tests/e2e/admin.test.ts",
  "tests/e2e/search-on-a-phone.test.ts",
  "tests/e2e/app-shell.test.ts",
  "tests/e2e/admin-on-a-phone.test.ts",
];

/** Then browser files, then those served over HTTP, then plain modules: slower kinds first. */
const PROJECT_ORDER = ["e2e", "api", "unit"];

/**
 * Longest first, across projects: by the durations of the last run when this machine has
 * them (vitest's own cache), otherwise by the list above and the project's kind.
 */
export default class SlowestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const root = this.ctx.config.root;
    const relativePath = (spec: TestSpecification) => path.relative(root, spec.moduleId);
    const lastDuration = (spec: TestSpecification) =>
      cache.getFileTestResults(`${spec.project.name}:${relativePath(spec)}`)?.duration;
    const rank = (spec: TestSpecification) => {
      const listed = SLOWEST.indexOf(relativePath(spec));
      return listed >= 0 ? listed : SLOWEST.length + PROJECT_ORDER.indexOf(spec.project.name);
    };
    return Promise.resolve(
      [...files].sort((a, b) => {
        const [durationA, durationB] = [lastDuration(a), lastDuration(b)];
        if (durationA !== undefined && durationB !== undefined) return durationB - durationA;
        return rank(a) - rank(b);
      }),
    );
  }
}
