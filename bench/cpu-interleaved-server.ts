/**
 * One build's server for cpu-interleaved.ts, in a process of its own: the build in the checkout
 * given as the first argument (its own `openDatabase` and bench server, so an older commit runs
 * its own code), on the PostgreSQL database of the second. It answers the parent's messages with
 * this process's CPU time so far (user and system) and, asked to, records a CPU profile of what it runs meanwhile.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type ServerMessage =
  | { kind: 'cpu' }
  | { kind: 'profile-start' }
  | { kind: 'profile-stop'; file: string };
export type ServerAnswer =
  | { kind: 'ready'; base: string; cookie: string }
  | { kind: 'cpu'; userMs: number; systemMs: number }
  | { kind: 'done' };

const [checkout = '', connectionString = ''] = process.argv.slice(2);
const load = (file: string) => import(pathToFileURL(path.join(checkout, file)).href);
const { openDatabase } = await load('apps/server/src/db/client.ts');
const { startBenchServer } = await load('bench/bench-server.ts');
const database = await openDatabase({ driver: 'postgres', url: connectionString });
const { base, cookie } = await startBenchServer(database);

const send = (answer: ServerAnswer) => process.send?.(answer);
const session = new Session();
session.connect();

process.on('message', async (message: ServerMessage) => {
  if (message.kind === 'cpu') {
    const { user, system } = process.cpuUsage();
    send({ kind: 'cpu', userMs: user / 1000, systemMs: system / 1000 });
  } else if (message.kind === 'profile-start') {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    send({ kind: 'done' });
  } else {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(message.file, JSON.stringify(profile));
    send({ kind: 'done' });
  }
});
// The parent ends this process when it is done (or when it ends, the IPC channel closes).
process.on('disconnect', () => process.exit(0));
send({ kind: 'ready', base, cookie });
