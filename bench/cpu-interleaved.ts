/**
 * Server CPU per request of two or more builds, measured interleaved (issue 22 item 2): each build's
 * server runs in a process of its own (cpu-interleaved-server.ts, on the lists bench's PostgreSQL
 * data, which list-api.ts writes), and each query is loaded on every build in turn, round after
 * round, so that what the rest of the machine does meanwhile falls on all of them alike. A round
 * loads one build for `seconds` at 10 connections from a child process (list-load-child.ts) and
 * charges the server process's CPU meanwhile to the calls made; the figure is the median of the
 * rounds. The order of the builds alternates from round to round.
 *
 *   node bench/cpu-interleaved.ts --build old=/work/wt-old --build new=. [--rounds 5] [--seconds 1.5]
 *     [--query users/page 1] [--query ads/page 1]     (list/the start of a query's name in list-queries.ts)
 *     [--profile-dir /tmp/prof]                        (a CPU profile of each build under each query, in a round after those counted)
 *     [--postgres-url postgres://postgres@127.0.0.1:5432/postgres]
 *     [--callgrind [--warm-up 90]]                     (instructions instead of CPU time, below)
 *
 * With --callgrind each server runs under valgrind's callgrind, and a round's figure is the
 * instructions its process (all its threads) executed per request, counted from a zeroed counter
 * to a dump: what the machine's other work does not change, where CPU time on a shared machine
 * varies by ±15–30 % from round to round (the counts vary by ±5–8 %). Under valgrind a server
 * answers 20–50 requests a second on a 2-core machine, always busy, so a round is 15 s by default and the warm-up (not counted, till
 * V8's optimizing compiler has settled) 90 s. Instructions are not time: memory stalls and the
 * kernel's work (system time) are not in them.
 *
 * A build is a checkout of the repository (`git worktree add --detach /work/wt-old <commit>`, with
 * node_modules linked in); it must open the bench database as it is (an older build with fewer
 * migrations does, when the later ones only add).
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ServerAnswer, ServerMessage } from './cpu-interleaved-server.ts';
import { type LoadFigures, runLoadInChild } from './list-load.ts';
import { LIST_BENCHES, type ListName } from './list-queries.ts';

const CONNECTIONS = 10;
const BENCH_DATABASE = 'usluge_bench_ads';

const { values: options } = parseArgs({
  options: {
    build: { type: 'string', multiple: true, default: [] },
    query: { type: 'string', multiple: true, default: ['users/page 1', 'ads/page 1'] },
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string' },
    'profile-dir': { type: 'string' },
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    callgrind: { type: 'boolean', default: false },
    'warm-up': { type: 'string' },
  },
});

const isCallgrind = options.callgrind;
const rounds = Number(options.rounds);
const seconds = Number(options.seconds ?? (isCallgrind ? '15' : '1.5'));
const warmUpSeconds = Number(options['warm-up'] ?? (isCallgrind ? '90' : seconds));
/** Where callgrind writes its counts and valgrind its log, one file set per server. */
const callgrindDir = isCallgrind ? mkdtempSync(path.join(os.tmpdir(), 'cpu-callgrind-')) : '';
const builds = options.build.map((spec) => {
  const [label = '', dir = ''] = spec.split('=');
  if (!label || !dir) throw new Error(`--build label=checkout, not '${spec}'`);
  return { label, dir: path.resolve(dir) };
});
if (builds.length < 1) throw new Error('at least one --build label=checkout');

const queries = options.query.map((spec) => {
  const [list = '', start = ''] = spec.split('/');
  const bench = LIST_BENCHES[list as ListName];
  const query = bench?.queries.find((candidate) => candidate.name.startsWith(start));
  if (!bench || !query) throw new Error(`no query '${spec}' (list/the start of its name)`);
  return { name: `${list}: ${query.name}`, url: bench.path, body: JSON.stringify(query.body) };
});

const url = new URL(options['postgres-url']);
url.pathname = `/${BENCH_DATABASE}`;

type Server = { label: string; child: ChildProcess; base: string; cookie: string };

/** Sends a message to a build's server and waits for its answer. */
function ask(server: Server, message: ServerMessage): Promise<ServerAnswer> {
  return new Promise((resolve) => {
    server.child.once('message', (answer) => resolve(answer as ServerAnswer));
    server.child.send(message);
  });
}

/** The server's CPU time so far: user (JavaScript, V8, zlib) and system (the kernel: sockets). */
async function cpuMs(server: Server): Promise<{ user: number; system: number }> {
  const answer = await ask(server, { kind: 'cpu' });
  if (answer.kind !== 'cpu') throw new Error(`${server.label}: unexpected answer ${answer.kind}`);
  return { user: answer.userMs, system: answer.systemMs };
}

/** Per request: CPU ms (user + system) or, with --callgrind, millions of instructions (in `cpu`). */
type PerRequest = { cpu: number; user: number; system: number };

/** Asks callgrind in a server's process to zero its counters or to write them out. */
const callgrindControl = (server: Server, command: '--zero' | '--dump') =>
  execFileSync('callgrind_control', [command, String(server.child.pid)], { stdio: 'ignore' });

/** The instructions counted since the last zeroing: the total of the newest dump of the server's process. */
function dumpedInstructions(server: Server): number {
  callgrindControl(server, '--dump');
  const prefix = `callgrind.${server.label}.${server.child.pid}.`;
  const dumps = readdirSync(callgrindDir)
    .filter((name) => name.startsWith(prefix))
    .sort((a, b) => Number(a.slice(prefix.length)) - Number(b.slice(prefix.length)));
  const newest = dumps.at(-1);
  const totals = newest && /^totals: (\d+)$/m.exec(readFileSync(path.join(callgrindDir, newest), 'utf8'));
  if (!totals?.[1]) throw new Error(`${server.label}: no callgrind totals in ${callgrindDir}`);
  return Number(totals[1]);
}

function start({ label, dir }: { label: string; dir: string }): Promise<Server> {
  const script = new URL('./cpu-interleaved-server.ts', import.meta.url);
  const child = fork(script, [dir, url.href], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    ...(isCallgrind && {
      execPath: 'valgrind',
      execArgv: [
        '--tool=callgrind',
        // V8 writes the machine code it runs: valgrind must notice code changed in place.
        '--smc-check=all-non-file',
        `--callgrind-out-file=${path.join(callgrindDir, `callgrind.${label}.%p`)}`,
        `--log-file=${path.join(callgrindDir, `valgrind.${label}.%p.log`)}`,
        process.execPath,
      ],
    }),
  });
  return new Promise((resolve, reject) => {
    child.once('message', (answer: ServerAnswer) => {
      if (answer.kind === 'ready') resolve({ label, child, base: answer.base, cookie: answer.cookie });
    });
    child.once('exit', (code) => reject(new Error(`${label}: the server ended with code ${code}`)));
  });
}

async function load(
  server: Server,
  query: (typeof queries)[number],
  loadSeconds = seconds,
): Promise<[LoadFigures, PerRequest]> {
  const headers = {
    'content-type': 'application/json',
    'accept-encoding': 'br, gzip',
    cookie: server.cookie,
  };
  if (isCallgrind) callgrindControl(server, '--zero');
  const before = isCallgrind ? undefined : await cpuMs(server);
  const figures = await runLoadInChild({
    target: { kind: 'http', url: `${server.base}${query.url}`, headers, body: query.body },
    seconds: loadSeconds,
    connections: CONNECTIONS,
  });
  if (!before) {
    const millions = dumpedInstructions(server) / 1e6 / figures.calls;
    return [figures, { cpu: millions, user: millions, system: 0 }];
  }
  const after = await cpuMs(server);
  const user = (after.user - before.user) / figures.calls;
  const system = (after.system - before.system) / figures.calls;
  return [figures, { cpu: user + system, user, system }];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

console.log(
  `Server CPU interleaved ${new Date().toISOString()}: Node ${process.version}, ${os.cpus().length} cores, load average ${loadAverage()}`,
);
console.log(
  `${CONNECTIONS} connections, ${rounds} rounds of ${seconds} s per build and query after ${warmUpSeconds} s of warm-up${isCallgrind ? `, under callgrind (${callgrindDir})` : ''}; builds: ${builds.map((build) => `${build.label} (${build.dir})`).join(', ')}`,
);
const servers: Server[] = [];
for (const build of builds) servers.push(await start(build));
const profileDir = options['profile-dir'];
if (profileDir) mkdirSync(profileDir, { recursive: true });

try {
  for (const query of queries) {
    const cpu = new Map<string, PerRequest[]>(servers.map((server) => [server.label, []]));
    const perSecond = new Map<string, number[]>(servers.map((server) => [server.label, []]));
    // Not counted: JIT, the pools' connections and prepared statements, the estimate's cache.
    for (const server of servers) await load(server, query, warmUpSeconds);
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 ? [...servers].reverse() : servers;
      for (const server of order) {
        const [figures, perRequest] = await load(server, query);
        cpu.get(server.label)?.push(perRequest);
        perSecond.get(server.label)?.push(figures.perSecond);
      }
    }
    // The profiles come from a round of their own: the sampling costs CPU too.
    for (const server of profileDir === undefined ? [] : servers) {
      await ask(server, { kind: 'profile-start' });
      await load(server, query);
      const file = path.join(
        profileDir ?? '',
        `${server.label}-${query.name.replace(/\W+/g, '-')}.cpuprofile`,
      );
      await ask(server, { kind: 'profile-stop', file });
    }
    const medianOf = (label: string, part: keyof PerRequest) =>
      median((cpu.get(label) ?? []).map((perRequest) => perRequest[part]));
    const first = medianOf(servers[0]?.label ?? '', 'cpu');
    console.log(`\n${query.name} (load average ${loadAverage()})`);
    for (const server of servers) {
      const each = (cpu.get(server.label) ?? []).map((perRequest) => perRequest.cpu.toFixed(2));
      const ms = medianOf(server.label, 'cpu');
      const figure = isCallgrind
        ? `${ms.toFixed(3)} M instructions/request (${(ms / first).toFixed(2)} of ${servers[0]?.label}; rounds ${each.join(' ')})`
        : `CPU ${ms.toFixed(3)} ms/request (${(ms / first).toFixed(2)} of ${servers[0]?.label}; user ${medianOf(server.label, 'user').toFixed(3)}, system ${medianOf(server.label, 'system').toFixed(3)}; rounds ${each.join(' ')})`;
      console.log(
        `  ${server.label.padEnd(12)} ${figure}, ${median(perSecond.get(server.label) ?? []).toFixed(0)} req/s`,
      );
    }
  }
} finally {
  for (const server of servers) server.child.kill();
}
