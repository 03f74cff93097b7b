#!/usr/bin/env node
// Prints the slowest test files of a Vitest JSON report (`vitest run --reporter=json --outputFile=F`):
//   node scripts/slowest-tests.mjs [report.json] [count]
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [file = 'test-report.json', count = '15'] = process.argv.slice(2);
const report = JSON.parse(readFileSync(file, 'utf8'));
const files = report.testResults.map((r) => ({
  name: path.relative(process.cwd(), r.name),
  seconds: (r.endTime - r.startTime) / 1000,
  tests: r.assertionResults.length,
  failed: r.assertionResults.filter((a) => a.status === 'failed').length,
}));
const total = files.reduce((sum, f) => sum + f.seconds, 0);
files.sort((a, b) => b.seconds - a.seconds);
console.log(
  `${files.length} files, ${report.numTotalTests} tests, ${total.toFixed(0)} s of file time (all workers)`,
);
for (const f of files.slice(0, Number(count))) {
  const share = ((100 * f.seconds) / total).toFixed(1).padStart(5);
  console.log(
    `${f.seconds.toFixed(1).padStart(7)} s ${share}%  ${String(f.tests).padStart(4)} tests  ${f.name}${f.failed ? `  (${f.failed} failed)` : ''}`,
  );
}
