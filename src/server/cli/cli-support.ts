import path from 'node:path';
import type { z } from 'zod';
import { type Config, readConfig } from '../config';
import { DataDirLockedError, lockDataDir } from '../data-dir-lock';
import { type DatabaseHandle, openDatabase } from '../db/client';

/** Says why on stderr and exits: 2 for a wrong command line (the default), 1 for a refusal. */
export function fail(message: string, status = 2): never {
  console.error(message);
  process.exit(status);
}

/** A command line checked by its zod schema; every issue is named, then the usage. */
export function parseCommandLine<T>(schema: z.ZodType<T>, input: unknown, usage: string): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    fail(
      `${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'command'}: ${issue.message}`).join('\n')}\n${usage}`,
    );
  }
  return parsed.data;
}

/**
 * The shop's database for a command: DATABASE_URL (shared with running servers), or the embedded database of DATA_DIR,
 * which a command may open only while no shop holds it (it says so). Migrated before use; closed after `work`.
 * `holdDataDir` takes DATA_DIR even with DATABASE_URL, for a command that runs something else there (Azurite).
 */
export async function withCommandDatabase<T>(
  work: (database: DatabaseHandle) => Promise<T>,
  options: { readonly config?: Config; readonly holdDataDir?: boolean } = {},
): Promise<T> {
  const config = options.config ?? readConfig();
  try {
    if (!config.databaseUrl || options.holdDataDir) lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    fail(error.message);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}
