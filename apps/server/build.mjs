// Bundles the server and our workspace packages into dist/main.js (and the market and database threads into
// dist/market-worker.js and dist/pglite-worker.js); npm dependencies stay external and load
// from node_modules. Database migrations are copied next to the bundle, where packages/db looks for them, and
// beside them an empty database with every migration applied: a first start copies it instead of running
// initdb and the migrations (built once per PGlite version and migrations, then copied from the temp folder).
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url);
const dist = new URL('dist/', here);
rmSync(dist, { recursive: true, force: true });

await build({
  // The market worker (feeds' worker/) loads from beside main.js: WorkerSource looks for it there.
  entryPoints: {
    main: new URL('src/main.ts', here).pathname,
    'market-worker': new URL('../../packages/feeds/src/worker/market-worker.ts', here).pathname,
    // The embedded database's thread (db's pglite-thread/): openDatabase looks for it beside main.js too.
    'pglite-worker': new URL('../../packages/db/src/pglite-thread/pglite-worker.ts', here).pathname,
    'bundle-pglite-template': new URL('src/build/bundle-pglite-template.ts', here).pathname,
  },
  outdir: dist.pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@spreadscope/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
cpSync(new URL('../../packages/db/drizzle/', here), new URL('drizzle/', dist), { recursive: true });
const templateScript = new URL('bundle-pglite-template.js', dist).pathname;
execFileSync(process.execPath, [templateScript], { stdio: ['ignore', 'ignore', 'inherit'] });
rmSync(templateScript);
rmSync(`${templateScript}.map`, { force: true });
console.log('server bundled to apps/server/dist/main.js');
