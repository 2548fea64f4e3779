import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/server` writes SQL migrations to ./drizzle; they are committed and
// applied at start by drizzle-orm's migrator (src/db/create-db.ts), for PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
