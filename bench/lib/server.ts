/** The compiled server a benchmark measures: started as `npm start` starts it, on a database of the benchmark's own. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Compiles the server as `npm start` does before its first start (`start.mjs --build`). */
export function buildServer(): void {
  execFileSync(process.execPath, [path.join(ROOT, 'backend', 'start.mjs'), '--build'], { stdio: 'inherit' });
}

export interface StartOptions {
  /** Names the server's log and data folder: `adsuite-bench-<name>`. */
  name: string;
  databaseUrl: string;
  port: number;
  /** Environment beside DATABASE_URL, PORT and the data folder (SEED_HISTORY_DAYS, WEB_CONCURRENCY, ...). */
  env?: Record<string, string>;
  /** Node flags of the server (its workers inherit them). */
  nodeFlags?: string[];
  /** Where the server's output goes; else a file of its own in the system's temporary folder. */
  log?: string;
}

/**
 * Starts `backend/start.mjs` (built first: `buildServer`) and resolves once `/api/health` answers.
 * The server's output goes to a file, whose end a failed start prints. `startMs`: from spawn to the first answer.
 */
export async function startCompiledServer(options: StartOptions): Promise<{ child: ChildProcess; startMs: number; log: string }> {
  const log = options.log ?? path.join(tmpdir(), `adsuite-bench-${options.name}-${process.pid}.log`);
  const output = openSync(log, 'a');
  const started = performance.now();
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), path.join(ROOT, 'backend', 'start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env, SKIP_FRONTEND_BUILD: 'true', DATA_DIR: `/tmp/adsuite-bench-${options.name}`, ...options.env,
      DATABASE_URL: options.databaseUrl, PORT: String(options.port),
    },
    stdio: ['ignore', output, output],
  });
  closeSync(output); // the child has its own
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${options.port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) {
      const end = readFileSync(log, 'utf8').split('\n').slice(-40).join('\n');
      throw new Error(`npm start ended with ${child.exitCode}; the end of its output (${log}):\n${end}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { child, startMs: performance.now() - started, log };
}
