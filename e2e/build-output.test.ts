import { join } from 'node:path';
import { bundledPgliteTemplate } from '@spreadscope/db';
import { expect, it } from 'vitest';
import { REPO_ROOT } from './support/server-process.ts';

it('npm run build leaves beside the bundle a migrated database a first start copies (for these migrations and this PGlite)', () => {
  expect(bundledPgliteTemplate(join(REPO_ROOT, 'apps/server/dist/drizzle/'))).toBe(
    join(REPO_ROOT, 'apps/server/dist/pglite-template.tar'),
  );
});
