/** Builds the admin into admin/dist, served by the backend at `/` (index.html for every non-/api path). */
import { randomUUID } from 'node:crypto';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressAssets } from '../backend/src/http/precompress.ts';

/**
 * Every build gets an id: compiled into the admin (`__ADSUITE_BUILD__`) and written to dist/build.json, which the
 * server answers at GET /api/version. A page whose id differs from the server's runs an older release
 * (admin/src/update/appUpdate.ts).
 */
const BUILD = `${new Date().toISOString()}-${randomUUID().slice(0, 8)}`;
const buildId = (): Plugin => ({
  name: 'adsuite-build-id',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ build: BUILD }) });
  },
});

// A build is a production build even when a test runner (NODE_ENV=test) starts it: React, the JSX
// transform and the libraries must all agree, and no dev-only checks or logs may ship.
if (process.argv.includes('build')) process.env.NODE_ENV = 'production';

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  // The server sends the brotli/gzip files written beside the hashed ones (backend/src/http/frontEndFiles.ts).
  plugins: [react(), precompressAssets(), buildId()],
  // Only a build has an id: the development server's admin compares nothing (the server's build.json is another's).
  define: { __ADSUITE_BUILD__: process.argv.includes('build') ? JSON.stringify(BUILD) : 'undefined' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs)[\\/]/ },
            { name: 'react-admin', test: /node_modules[\\/](react-admin|ra-[\w-]+|@tanstack|react-hook-form)[\\/]/ },
            // No catch-all vendor group: a library only an on-demand screen uses (recharts) loads with that screen.
          ],
        },
      },
    },
  },
  server: {
    // `npm start` serves the API on PORT (8080 by default); `vite` in admin/ forwards /api there.
    proxy: { '/api': process.env.ADSUITE_API ?? `http://localhost:${process.env.PORT ?? 8080}` },
  },
});
