/**
 * Lighthouse on the landing page: the default mobile profile (Moto G Power screen, simulated slow
 * 4G and 4× slower CPU) against the real server, once in a light and once in a dark browser. Prints
 * the four category scores, FCP, LCP, TBT, CLS, what the page's scripts weigh, and every audit that
 * did not pass in full.
 *
 *   npm install --no-save lighthouse@13   # not in the default install: only this bench needs it
 *   npm run build                         # this builds nothing itself
 *   node bench/lighthouse-landing.ts      # 1 run per theme
 *   node bench/lighthouse-landing.ts 3    # 3 runs per theme, medians printed
 *
 * The server (node apps/server/src/main.ts) runs on a free port and a temporary data directory,
 * both gone afterwards. Chromium: CHROME_PATH, or /usr/bin/chromium.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort, START_FLAGS } from '../scripts/server-launch.ts';

/** What this bench reads of Lighthouse's result (its own types come with the package). */
type Audit = {
  id: string;
  score: number | null;
  scoreDisplayMode?: string;
  displayValue?: string;
  numericValue?: number;
  details?: { items?: unknown[] };
};
type Result = {
  runtimeError?: { message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string }[] } | undefined>;
  audits: Record<string, Audit | undefined>;
};
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: Result } | undefined>;
type ChromeLauncher = {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
};

/** Lighthouse and its chrome-launcher, installed for this bench only (see above). */
async function importOptional<Module>(name: string): Promise<Module> {
  try {
    return (await import(name)) as Module;
  } catch {
    process.stderr.write(`${name} is not installed: run "npm install --no-save lighthouse@13" first.\n`);
    process.exit(1);
  }
}
const { default: lighthouse } = await importOptional<{ default: Lighthouse }>('lighthouse');
const chromeLauncher = await importOptional<ChromeLauncher>('chrome-launcher');

const RUNS = Number(process.argv[2] ?? 1);
const ROOT = path.resolve(import.meta.dirname, '..');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const THEMES = {
  light: [],
  // Makes the browser prefer a dark scheme, which the page follows on a first visit.
  dark: ['--force-dark-mode'],
} as const satisfies Record<string, readonly string[]>;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;

function stop(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}

async function startServer(dataDir: string): Promise<{ server: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const server = spawn(process.execPath, [...START_FLAGS, 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const answer = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
    if (answer?.status === 200) return { server, baseUrl };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop(server);
  throw new Error('the server did not become healthy within 60 s');
}

type Run = {
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<keyof typeof METRICS, number>;
  scripts: { url: string; transfer: number; gzip: number }[];
  failing: string[];
};

type NetworkItem = { url: string; resourceType?: string; transferSize?: number };

/** The page's scripts: as sent (the server's brotli) and gzip-compressed, as the e2e budget counts. */
async function scriptsOf(lhr: Result): Promise<Run['scripts']> {
  const details = lhr.audits['network-requests']?.details;
  const items = (details?.items ?? []) as NetworkItem[];
  return Promise.all(
    items
      .filter((item) => item.resourceType === 'Script')
      .map(async (item) => {
        const body = Buffer.from(await (await fetch(item.url)).arrayBuffer());
        return {
          url: new URL(item.url).pathname,
          transfer: item.transferSize ?? 0,
          gzip: gzipSync(body).length,
        };
      }),
  );
}

async function runLighthouse(url: string, chromeFlags: readonly string[]): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [...CHROME_FLAGS, ...chromeFlags],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const failing = CATEGORIES.flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .map((ref) => lhr.audits[ref.id])
        .filter(
          (audit) =>
            audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative',
        )
        .map((audit) => `${id}: ${audit?.id} (${audit?.score}) ${audit?.displayValue ?? ''}`.trim()),
    );
    return {
      scores: Object.fromEntries(
        CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
      ) as Run['scores'],
      metrics: Object.fromEntries(
        Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? Number.NaN]),
      ) as Run['metrics'],
      scripts: await scriptsOf(lhr),
      failing: [...new Set(failing)],
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

function report(theme: string, runs: Run[]): void {
  const pick = (read: (run: Run) => number) => median(runs.map(read));
  const scores = CATEGORIES.map((id) => `${id} ${pick((run) => run.scores[id])}`).join(' · ');
  const ms = (name: keyof typeof METRICS) => `${name} ${Math.round(pick((run) => run.metrics[name]))} ms`;
  const last = runs.at(-1);
  const gzip = last?.scripts.reduce((sum, script) => sum + script.gzip, 0) ?? 0;
  const transfer = last?.scripts.reduce((sum, script) => sum + script.transfer, 0) ?? 0;
  process.stdout.write(
    `\n${theme} (${runs.length === 1 ? '1 run' : `median of ${runs.length} runs`})\n` +
      `  ${scores}\n` +
      `  ${ms('FCP')} · ${ms('LCP')} · ${ms('TBT')} · CLS ${pick((run) => run.metrics.CLS).toFixed(3)} · ${ms('SI')}\n` +
      `  JavaScript: ${last?.scripts.length ?? 0} files, ${(gzip / 1024).toFixed(1)} KB gzip ` +
      `(${(transfer / 1024).toFixed(1)} KB sent, with headers)\n` +
      (last?.scripts
        .map((script) => `    ${script.url}  ${(script.gzip / 1024).toFixed(1)} KB gzip\n`)
        .join('') ?? '') +
      `  not passed in full: ${last?.failing.length ? `\n    ${last.failing.join('\n    ')}` : 'none'}\n`,
  );
}

if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
  process.stderr.write('No web build: run "npm run build" first.\n');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'usluge-bench-lighthouse-'));
const { server, baseUrl } = await startServer(dataDir);
try {
  process.stdout.write(`Lighthouse ${'(mobile, simulated throttling)'} on ${baseUrl}/\n`);
  for (const [theme, flags] of Object.entries(THEMES)) {
    const runs: Run[] = [];
    for (let index = 0; index < RUNS; index += 1) runs.push(await runLighthouse(`${baseUrl}/`, flags));
    report(theme, runs);
  }
} finally {
  await stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
