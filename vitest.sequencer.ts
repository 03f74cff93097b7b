import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Projects in the order their files start: the browser journeys are the longest files. */
const PROJECT_ORDER = ['web', 'gateway', 'server', 'server-services'];

/**
 * The browser journeys first and, within each project, the longest files first, so the slow
 * ones start at once and the short ones fill the gaps at the end; Vitest's own order (projects
 * by name) left the journeys for last, one worker idle while they ran. A project's files stay
 * together: a worker reuses its loaded modules only within one project. Durations come from the
 * last run's cache; a clean checkout has none, so a file's size stands in, an end-to-end file
 * (`e2e` in its name) counting ten times.
 */
export class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const key = (spec: TestSpecification) => `${spec.project.name}:${relative(config.root, spec.moduleId)}`;
    const known = files.every((spec) => cache.getFileTestResults(key(spec)));
    const weight = (spec: TestSpecification) => {
      if (known) return cache.getFileTestResults(key(spec))!.duration;
      const size = cache.getFileStats(key(spec))?.size ?? 0;
      return /e2e/i.test(spec.moduleId) ? size * 10 : size;
    };
    const rank = (spec: TestSpecification) => {
      const at = PROJECT_ORDER.indexOf(spec.project.name);
      return at < 0 ? PROJECT_ORDER.length : at;
    };
    const weights = new Map(files.map((spec) => [spec, weight(spec)]));
    return [...files].sort((a, b) => rank(a) - rank(b) || weights.get(b)! - weights.get(a)!);
  }
}
