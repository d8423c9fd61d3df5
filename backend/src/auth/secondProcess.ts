/** Starts the second server process of the tests that need two (secondServer.ts) and stops it again. */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ROOT_DIR } from '../env.ts';
import type { TestServer } from '../testing.ts';

/** A second server process on the database of `server` (secondServer.ts). */
export async function startSecondServer(server: TestServer, env: Record<string, unknown>) {
  const script = fileURLToPath(new URL('./secondServer.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, server.core.db.url, JSON.stringify(env)], { cwd: ROOT_DIR, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('listening ')) resolve(line.slice('listening '.length));
    });
    child.on('exit', (code) => reject(new Error(`the second server exited (${code}) before it listened`)));
  });
  return {
    url,
    async stop() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

