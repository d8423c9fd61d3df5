/** The processes of a server the benchmarks measure, and their memory, from /proc. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The server's processes: it and its node children (the workers), not a helper such as esbuild's service process
 * that a fresh build leaves running. `pgrep` is a process of its own, which execFileSync waits for (about 20 ms on
 * this machine, this generator's event loop standing still meanwhile): so only before or after a timed run.
 */
export function processesOf(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    // no children (WEB_CONCURRENCY=1)
  }
  return [pid, ...children.filter((p) => {
    try {
      return readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'node';
    } catch {
      return false;
    }
  })];
}

/** Resident memory (MB) of each process, read from /proc (no process started: it may run while requests are timed). */
export function rssOf(pids: number[]): { pid: number; mb: number }[] {
  return pids.map((p) => {
    let kb = 0;
    try {
      kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // ended meanwhile
    }
    return { pid: p, mb: Math.round(kb / 1024) };
  });
}

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);

/** CPU time (ms) used so far by the processes: user + system from /proc/<pid>/stat. */
export function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // ended meanwhile
    }
  }
  return ticks * TICK_MS;
}

/** The PostgreSQL processes of this machine (`pgrep`: only before or after a timed run, see processesOf). */
export const postgresPids = (): number[] => {
  try {
    return execFileSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

/**
 * CPU time (ms) the machine's processes and kernel threads spent so far, all cores (user, nice and system of
 * /proc/stat; interrupts and softirqs, where the loopback's packets are handled, left out: no process is charged
 * for those, so they would read as someone else's work).
 */
export function machineBusyMs(): number {
  const [, user, nice, system] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  return (user + nice + system) * TICK_MS;
}

/**
 * How long (ms) the process's main thread has waited so far for a core while it had work (the second field of
 * /proc/<pid>/schedstat: time runnable on a run queue, not running), 0 where the kernel keeps no such figure.
 */
export function runQueueWaitMs(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return 0;
  }
}
