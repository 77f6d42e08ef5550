import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { browserRendererAliases } from './browser-renderer.ts';

/** The API server (apps/server) listens on PORT, 8080 by default; the dev server forwards /api to it. */
const apiTarget = process.env.SPREADSCOPE_API ?? 'http://localhost:8080';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  server: {
    port: 5173,
    // Host stays as the browser sent it: the server accepts a WebSocket only when Origin matches Host.
    proxy: { '/api': { target: apiTarget, ws: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, ws: true } },
  },
  // The server's first paint (src/first-paint, `vite build --ssr` into dist-ssr): one self-contained module the
  // server imports, whatever its own node_modules hold.
  ssr: { noExternal: true },
  // The browser's build renders with Preact's React layer (browser-renderer.ts); the server's first paint with React.
  resolve: isSsrBuild ? {} : { alias: browserRendererAliases },
  // Bundled into that module, React picks its build by NODE_ENV at run time: the server's is unset, which would
  // be React's development build (several times slower to render, with its warnings).
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: {
    outDir: 'dist',
    // No source maps in dist: everything there is served publicly (static-web.ts also refuses *.map).
    sourcemap: false,
    // The server reads it to preload a route's chunks with the page (apps/server/src/http/first-screen.ts).
    manifest: !isSsrBuild,
    // The public folder is the browser's: the first-paint module needs none of it.
    copyPublicDir: !isSsrBuild,
    target: 'es2022',
    // One stylesheet for the whole app (165 KB, 29 KB brotli): the first screen needs 117 KB of it in nine files
    // otherwise, each a request that must land before the first paint; one file costs 7 KB more once, and no
    // other page then waits for a stylesheet.
    cssCodeSplit: false,
    rolldownOptions: {
      treeshake: {
        // core and contracts are pure by rule (ARCHITECTURE: no I/O), but their zod schemas are built at module
        // load, which the bundler must assume has side effects. Declaring them pure keeps zod (and the tape
        // schemas the browser never uses) out of the bundle.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/](core|contracts)[\\/]src[\\/]/.test(id),
      },
      output: {
        // React and the router change rarely: their own chunks stay cached across our releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|preact)[\\/]/ },
            { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
            // zod in one chunk, loaded only by pages that build schemas (its eval is turned off before: lib/no-eval.ts).
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            // The app's small modules that two or more chunks share, in one chunk: split one by one they were ~40
            // files of a few hundred bytes on the first screen, each paying its own ~300 B of response headers and
            // compressing alone (181 → 160 KB on /premium). 2 KB keeps page-sized modules with their pages.
            {
              name: 'shared',
              test: /[\\/]apps[\\/]web[\\/]src[\\/]/,
              minShareCount: 2,
              maxModuleSize: 2000,
            },
            // No catch-all vendor chunk: it would load the chart library (and whatever else a later page
            // needs) with the first screen. Other packages go with the pages that import them.
          ],
        },
      },
    },
  },
}));
