// Prisma CLI configuration: the JS engine through the pg driver adapter, so migrations run
// without downloading native engines (see README, "Database").
import { defineConfig } from 'prisma/config';
import { cliAdapter } from './src/platform/db/cli-adapter.js';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  engine: 'js',
  experimental: { adapter: true },
  adapter: cliAdapter,
} as Parameters<typeof defineConfig>[0]);
