// `npm run import -- <entity> <file> [--dry-run | --all-or-nothing]`: an import from the command line, for on-premises
// use (docs/integration.md). Row-wise by default: good rows applied, each refused row printed as
// `line N: column: reason`, exit status 1 when any row was refused. Needs no integration key.
import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { importEntitySchema, importEntityNames } from '../../../contract/imports';
import { fail, parseCommandLine, withCommandDatabase } from '../../cli/cli-support';
import { readConfig } from '../../config';
import { ImportAlreadyRunningError, createImportJob } from './import-jobs';
import { recoverInterruptedImports, runImportJob } from './import-runner';
import { importFormatOf } from './import-formats';
import { countLineEnds, progressLine } from './progress-bar';
import { type LaunchedAzurite, planEmbeddedAzurite } from '../../integrations/storage/azurite';
import { pictureStorageOf } from '../../integrations/storage/picture-storage';

const USAGE = `usage: npm run import -- <entity> <file> [--dry-run | --all-or-nothing]
entities: ${importEntityNames.join(', ')}
files: CSV (.csv, header row; comma, semicolon or tab) or JSON Lines (.jsonl, .ndjson); pictures: a .zip`;

const argsSchema = z.object({
  entity: importEntitySchema,
  file: z.string().min(1, 'name the file to import'),
  dryRun: z.boolean(),
  allOrNothing: z.boolean(),
});

let commandLine: ReturnType<typeof parseArgs>;
try {
  commandLine = parseArgs({
    options: { 'dry-run': { type: 'boolean', default: false }, 'all-or-nothing': { type: 'boolean', default: false } },
    allowPositionals: true,
  });
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
}
const args = parseCommandLine(
  argsSchema,
  {
    entity: commandLine.positionals[0],
    file: commandLine.positionals[1] ?? '',
    dryRun: commandLine.values['dry-run'],
    allOrNothing: commandLine.values['all-or-nothing'],
  },
  USAGE,
);
if (args.dryRun && args.allOrNothing) fail(`--dry-run and --all-or-nothing do not go together\n${USAGE}`);
const filePath = path.resolve(args.file);
const format = importFormatOf(filePath) ?? fail(`${args.file}: name a .csv, .jsonl, .ndjson or .zip file\n${USAGE}`);
let fileBytes: number;
try {
  fileBytes = statSync(filePath).size;
} catch {
  fail(`${args.file}: no such file`);
}

const config = readConfig();
// Pictures go to blob storage: the embedded Azurite under DATA_DIR when no storage account is configured.
const embeddedAzurite = args.entity === 'pictures' && !config.azureStorageConnectionString;
const status = await withCommandDatabase(
  async (database) => {
    let azurite: LaunchedAzurite | null = null;
    try {
      if (embeddedAzurite) {
        azurite = (await planEmbeddedAzurite(config))?.launch() ?? null;
        await azurite?.ready.catch((error: unknown) => fail(error instanceof Error ? error.message : String(error), 1));
      }
      const pictureStorage = pictureStorageOf(
        azurite ? { ...config, azureStorageConnectionString: azurite.connectionString } : config,
      );
      // The embedded database is this process's alone, so a job still marked running there was interrupted.
      if (database.kind === 'pglite')
        await recoverInterruptedImports(database.db, new Date(Date.now() + 1), new Date());
      const mode = args.dryRun ? 'dry-run' : args.allOrNothing ? 'all-or-nothing' : 'row-wise';
      const jobId = await createImportJob(
        database.db,
        { entity: args.entity, mode, startedBy: 'command line', fileName: path.basename(filePath), fileBytes },
        new Date(),
      ).catch((error: unknown) => {
        if (error instanceof ImportAlreadyRunningError) fail(error.message, 1);
        throw error;
      });
      // The bar's total: the file's data rows while validating, then the rows validated and not refused.
      const lineEnds = format === 'zip' ? null : await countLineEnds(filePath);
      const fileRows = lineEnds === null ? null : Math.max(0, lineEnds - (format === 'csv' ? 1 : 0));
      let validatedRows = 0;
      let refusedRows = 0;
      let shown = '';
      const progress = (step: 'validating' | 'applying', rows: number) => {
        if (step === 'validating') validatedRows = rows;
        const line = progressLine(step, rows, step === 'validating' ? fileRows : validatedRows - refusedRows);
        if (process.stderr.isTTY) process.stderr.write(`\r${line.padEnd(shown.length)}`);
        shown = line;
      };
      const job = await runImportJob(
        {
          db: database.db,
          now: () => new Date(),
          log: { info: () => undefined, warn: console.warn, error: console.error },
          onRefused: (error) => {
            refusedRows += 1;
            if (process.stderr.isTTY) process.stderr.write(`\r${''.padEnd(shown.length)}\r`);
            console.error(`line ${error.line}: ${error.column || 'row'}: ${error.reason}`);
          },
          onProgress: progress,
          pictureStorage,
        },
        { id: jobId, entity: args.entity, mode },
        { path: filePath, format },
      );
      if (process.stderr.isTTY) process.stderr.write(`\r${''.padEnd(shown.length)}\r`);
      const { read, created, updated, unchanged, failed } = job.counts;
      process.stdout.write(
        `${job.state === 'done' ? (mode === 'dry-run' ? 'Dry run (nothing written)' : 'Imported') : 'Failed'} ` +
          `${args.entity} from ${path.basename(filePath)} (job ${job.id}): ${read} read, ${created} created, ` +
          `${updated} updated, ${unchanged} unchanged, ${failed} refused.\n`,
      );
      if (job.failure) console.error(job.failure);
      return job.state === 'done' && failed === 0 ? 0 : 1;
    } finally {
      await azurite?.stop();
    }
  },
  { config, holdDataDir: embeddedAzurite },
);
process.exit(status);
