/**
 * Builds the public portal into portal/dist, served by the backend under `/portal/` (assets) and as
 * index.html for the public paths (/landing, /login, /register, /faq, /privacy, /terms, /404, /403,
 * any path containing /resetpassword or /confirm).
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressAssets } from '../backend/src/http/precompress.ts';

// A build is a production build even when a test runner (NODE_ENV=test) starts it: React, the JSX
// transform and the libraries must all agree, and no dev-only checks or logs may ship.
if (process.argv.includes('build')) process.env.NODE_ENV = 'production';

export default defineConfig({
  root: import.meta.dirname,
  base: '/portal/',
  // The server sends the brotli/gzip files written beside the hashed ones (backend/src/http/frontEndFiles.ts).
  plugins: [react(), precompressAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // React changes less often than the pages: its own chunk stays cached across releases.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': process.env.ADSUITE_API ?? 'http://localhost:3000' },
  },
});
