/**
 * A Vite build step for the front-ends: every hashed script and style of the build is also written brotli- and
 * gzip-compressed beside itself (`x.js.br`, `x.js.gz`), at the highest levels, once per build; the server sends
 * those to browsers that take them (frontEndFiles.ts) instead of compressing per request. The admin's first load
 * is about 1.5 MB of JavaScript, about 400 KB as brotli.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Below this size the header and the decoding cost more than the bytes saved. */
const MIN_BYTES = 1024;

export function precompressAssets(): Plugin {
  return {
    name: 'adsuite-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(Object.values(bundle).map(async (output) => {
        if (!/\.(?:js|css)$/.test(output.fileName)) return;
        const content = Buffer.from(output.type === 'chunk' ? output.code : output.source);
        if (content.length < MIN_BYTES) return;
        const file = path.join(dir, output.fileName);
        const [br, gz] = await Promise.all([
          brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          gzipped(content, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      }));
    },
  };
}
