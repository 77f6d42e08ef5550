import { bundlePgliteTemplate, defaultMigrationsFolder } from '@spreadscope/db';

// Run by build.mjs from dist/: the bundle's migrations folder is dist/drizzle, and the migrated cluster lands
// beside it, where a first start on an empty data directory finds it.
const path = await bundlePgliteTemplate(defaultMigrationsFolder());
console.log(`migrated database template at ${path}`);
