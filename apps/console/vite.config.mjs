// The expert console: built to dist/console/ at the repo root, served by the gateway under /console/.
import path from 'node:path';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

export default defineConfig({
  root,
  base: '/console/',
  // Vite 8 transforms TSX with Oxc itself; @vitejs/plugin-react is not needed (no fast refresh in dev).
  oxc: { jsx: { runtime: 'automatic' } },
  // The one list of public event types is the server's; its file has no runtime imports.
  resolve: { alias: { '@eh/contracts/delivery-events': path.resolve(root, '../../libs/contracts/src/delivery-events.ts') } },
  build: {
    outDir: path.resolve(root, '../../dist/console'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // The 300 KB first-load budget is measured by test/console/console-bundle.spec.ts.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // TanStack Query marks its modules "use client" for React Server Components; meaningless in an SPA.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: {
    // `npm run console:dev`: the gateway on :3000 answers the API and the event stream.
    proxy: {
      '/console/api': 'http://127.0.0.1:3000',
      '/expert/v1': 'http://127.0.0.1:3000',
      '/v1': 'http://127.0.0.1:3000',
    },
  },
});
