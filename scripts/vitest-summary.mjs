// Prints a vitest JSON report as the plain closing line CI reads: "N passed, N failed, N skipped".
import fs from 'node:fs';

const [file, label = 'tests'] = process.argv.slice(2);
if (!file || !fs.existsSync(file)) {
  console.log(`${label}: 0 passed, 1 failed`);
  process.exit(0);
}
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
