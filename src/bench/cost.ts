// Whole-system cost per turn: the CPU time of the process serving the turns plus that of the Postgres backends
// that served it (found in pg_stat_activity by the application_name each system connects with, read from
// /proc/<pid>/stat), and the WAL the cluster wrote (pg_current_wal_insert_lsn before and after). Unlike
// turns/s these hardly depend on what else the machine runs. Switchboard and the peer play the same
// conversations in alternating blocks; each figure is the median over the blocks.
import { readFileSync } from 'node:fs';
import type { Client } from 'pg';
import { percentile } from './stats.ts';
import type { ConversationFile } from '../eval/index.ts';
import type { Player } from './replay.ts';

export interface CostSample {
  /** CPU of this process (all threads), µs. */
  processUs: number;
  /** CPU of each backend serving the system, µs, by pid. */
  backends: Map<number, number>;
  wal: string;
}

export interface TurnCost {
  system: string;
  path: 'in-process' | 'http';
  turns: number;
  blocks: number;
  /** Medians over the blocks, per user turn. */
  cpuMs: number;
  processCpuMs: number;
  backendCpuMs: number;
  walBytes: number;
  /** Distinct backends seen serving the system. */
  backends: number;
}

const CLOCK_TICK_US = 10_000; // USER_HZ is 100 on Linux

/** utime + stime of a process, µs; null once it has exited. */
export function procCpuUs(pid: number | 'self'): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_US;
  } catch {
    return null;
  }
}

/** The connection string with an application_name, so the backends serving it can be told apart. */
export function withApplicationName(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
}

export async function costSample(admin: Client, applicationName: string): Promise<CostSample> {
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [applicationName]);
  const backends = new Map<number, number>();
  for (const { pid } of rows) {
    const us = procCpuUs(pid);
    if (us !== null) backends.set(pid, us);
  }
  const usage = process.cpuUsage();
  const [{ lsn }] = (await admin.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')).rows;
  return { processUs: usage.user + usage.system, backends, wal: lsn };
}

/** Bytes between two WAL positions ('X/Y' hexadecimal). */
export function walBytesBetween(a: string, b: string): number {
  const n = (lsn: string) => {
    const [hi, lo] = lsn.split('/');
    return Number.parseInt(hi, 16) * 2 ** 32 + Number.parseInt(lo, 16);
  };
  return n(b) - n(a);
}

/** Backend CPU between two samples: a backend that appeared meanwhile counts whole; one that left is lost. */
export function backendUsBetween(before: CostSample, after: CostSample): number {
  let us = 0;
  for (const [pid, now] of after.backends) us += now - (before.backends.get(pid) ?? 0);
  return us;
}

export interface CostContender {
  system: string;
  path: TurnCost['path'];
  applicationName: string;
  play: Player;
}

/**
 * Each contender plays every conversation of `file` once per block, the contenders alternating, `blocks`
 * times; the whole-system cost per user turn of each, as medians over its blocks.
 */
export async function measureTurnCost(admin: Client, contenders: CostContender[], file: ConversationFile, blocks: number): Promise<TurnCost[]> {
  const per = contenders.map(() => ({ cpu: [] as number[], proc: [] as number[], backend: [] as number[], wal: [] as number[], turns: 0, pids: new Set<number>() }));
  for (let b = 0; b < blocks; b++) {
    for (const [i, c] of contenders.entries()) {
      let turns = 0;
      const before = await costSample(admin, c.applicationName);
      for (const conv of file.conversations) await c.play(conv, () => turns++);
      const after = await costSample(admin, c.applicationName);
      if (!turns) continue;
      const proc = (after.processUs - before.processUs) / 1000 / turns;
      const backend = backendUsBetween(before, after) / 1000 / turns;
      const p = per[i];
      p.proc.push(proc);
      p.backend.push(backend);
      p.cpu.push(proc + backend);
      p.wal.push(walBytesBetween(before.wal, after.wal) / turns);
      p.turns += turns;
      for (const pid of after.backends.keys()) p.pids.add(pid);
    }
  }
  return contenders.map((c, i) => {
    const p = per[i];
    return { system: c.system, path: c.path, turns: p.turns, blocks: p.cpu.length, cpuMs: percentile(p.cpu, 50), processCpuMs: percentile(p.proc, 50), backendCpuMs: percentile(p.backend, 50), walBytes: percentile(p.wal, 50), backends: p.pids.size };
  });
}
