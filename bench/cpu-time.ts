/**
 * CPU time spent, for the lists bench's accounting of where a request's CPU goes: this process's
 * (the server's), and PostgreSQL's on this machine (read from /proc: every postgres process's own
 * time, plus the time of the children it has reaped, so that backends which ended meanwhile,
 * such as a replay pool's, still count).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { LoadFigures } from './list-load.ts';

/** Linux's USER_HZ, what /proc counts CPU time in, on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** This process's user and system CPU time so far, in ms. */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The CPU time of every PostgreSQL process on this machine so far, in ms (NaN without /proc). */
export function postgresCpuMs(): number {
  let ticks = 0;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return Number.NaN;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // it ended while we read
    }
    // "pid (comm) state ppid …": the name may hold spaces, so the fields start after its ')'.
    const nameEnd = stat.lastIndexOf(')');
    if (!stat.slice(stat.indexOf('(') + 1, nameEnd).startsWith('postgres')) continue;
    const fields = stat.slice(nameEnd + 2).split(' ');
    // Fields 14–17 of proc(5) (utime, stime, cutime, cstime) are 11–14 after the state.
    for (const index of [11, 12, 13, 14]) ticks += Number(fields[index]);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** CPU ms per call of a load: the server's process, the load generator's, PostgreSQL's. */
export type CpuPerCall = { server: number; load: number; database: number };

/** Runs a load and charges the CPU each party spent meanwhile to its calls. */
export async function withCpu(run: () => Promise<LoadFigures>): Promise<[LoadFigures, CpuPerCall]> {
  const server = processCpuMs();
  const database = postgresCpuMs();
  const figures = await run();
  const perCall = (ms: number) => ms / figures.calls;
  return [
    figures,
    {
      server: perCall(processCpuMs() - server),
      load: perCall(figures.cpuMs),
      database: perCall(postgresCpuMs() - database),
    },
  ];
}
