/**
 * The load of the lists bench: a task run from N concurrent loops for some seconds, its
 * throughput and latencies; and the way the bench runs it in a child process (list-load-child.ts),
 * so that the load generator's own CPU is not charged to the server's event loop.
 */
import { fork } from 'node:child_process';

/**
 * One statement as the server sent it: SQL text, bound parameters (JSON values), and the indexes
 * (in the request's statements) of those that had ended before it began, which the replay
 * awaits first. Statements with none of each other in `after` were in flight together.
 */
export type Statement = { sql: string; params: unknown[]; after: number[] };

export type LoadTarget =
  /** POST the body to the URL (keep-alive, one socket per loop) and read the whole answer. */
  | { kind: 'http'; url: string; headers: Record<string, string>; body: string }
  /**
   * GET the URLs in turn (keep-alive, one socket per loop), each call the next; `counted`: JSON
   * answers' keys whose lists are counted when not empty (LoadFigures.found).
   */
  | { kind: 'http-get'; urls: string[]; headers: Record<string, string>; counted?: string[] }
  /** Replay the statements through a pg.Pool of as many connections as loops. */
  | { kind: 'postgres'; connectionString: string; statements: Statement[] };

export type LoadRequest = { target: LoadTarget; seconds: number; connections: number };

/** Latencies in ms, from sending a request to having read all of its answer. */
export type LoadFigures = {
  requests: number;
  /** Every call made, the warm-up's too, and the load process's CPU time meanwhile (ms). */
  calls: number;
  cpuMs: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Of the counted calls, how many found each thing their task says it found. */
  found: Record<string, number>;
};

/** One call; it may answer the names of what it found (a hints answer's non-empty lists). */
export type LoadTask = () => Promise<readonly string[] | undefined>;

/** Not counted: connections open, JIT and the database's caches settle. */
export const WARM_UP_SECONDS = 0.5;

/**
 * Runs `task` from `connections` loops, each starting its next call when the last one ended, for
 * WARM_UP_SECONDS and then `seconds`; the figures count the calls started after the warm-up.
 */
export async function runLoad(task: LoadTask, seconds: number, connections: number): Promise<LoadFigures> {
  const latencies: number[] = [];
  const found: Record<string, number> = {};
  let calls = 0;
  const cpuBefore = process.cpuUsage();
  const measuredFrom = performance.now() + WARM_UP_SECONDS * 1000;
  const deadline = measuredFrom + seconds * 1000;
  // The first failure stops every loop: figures of a run with errors would mean nothing.
  let failure: { error: unknown } | undefined;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!failure && performance.now() < deadline) {
        const started = performance.now();
        calls += 1;
        let names: readonly string[] | undefined;
        try {
          names = await task();
        } catch (error) {
          failure ??= { error };
        }
        if (started < measuredFrom) continue;
        latencies.push(performance.now() - started);
        for (const name of names ?? []) found[name] = (found[name] ?? 0) + 1;
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  if (failure) throw failure.error;
  const elapsed = (performance.now() - measuredFrom) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return {
    requests: latencies.length,
    calls,
    cpuMs: (cpu.user + cpu.system) / 1000,
    perSecond: latencies.length / elapsed,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: latencies.at(-1) ?? Number.NaN,
    found,
  };
}

/**
 * One replay of a request's statements in the order the server ran them: each starts as soon as
 * the statements it came after have ended, so those the server had in flight together run together.
 */
export function replayTask(
  query: (sql: string, params: unknown[]) => Promise<unknown>,
  statements: Statement[],
): LoadTask {
  return async () => {
    const ended: Promise<unknown>[] = [];
    for (const statement of statements) {
      ended.push(
        Promise.all(statement.after.map((index) => ended[index])).then(() =>
          query(statement.sql, statement.params),
        ),
      );
    }
    await Promise.all(ended);
    return undefined;
  };
}

/** What the child answers. */
export type LoadAnswer = { figures: LoadFigures } | { error: string };

const childScript = new URL('./list-load-child.ts', import.meta.url);

/** Runs the load in a child process of its own (list-load-child.ts) and returns its figures. */
export function runLoadInChild(request: LoadRequest): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const child = fork(childScript, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let answer: LoadAnswer | undefined;
    child.once('message', (message) => {
      answer = message as LoadAnswer;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (answer && 'figures' in answer) resolve(answer.figures);
      else reject(new Error(answer?.error ?? `the load process ended with code ${code} and no figures`));
    });
    child.send(request);
  });
}
