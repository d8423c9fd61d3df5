/** `npm run bench`: every benchmark script of this folder, one after another. */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'run.ts').sort()) {
  console.log(`\n== ${file}`);
  execFileSync('npx', ['tsx', path.join(dir, file)], { stdio: 'inherit' });
}
