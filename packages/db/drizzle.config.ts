import { defineConfig } from 'drizzle-kit';

// Paths are relative to the working directory; `npm run db:generate` runs from the repo root.
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/db/src/schema.ts',
  out: './packages/db/drizzle',
  strict: true,
  verbose: true,
});
