import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ImportEntityName, ImportMode } from '../../src/contract/imports';
import type { ImportFormat } from '../../src/server/modules/imports/import-file-rows';
import { createImportJob } from '../../src/server/modules/imports/import-jobs';
import { type ImportRunDeps, runImportJob } from '../../src/server/modules/imports/import-runner';
import type { TestApp } from './test-app';

export interface FileImporter {
  /**
   * Writes `content` to a file of its own and imports it through the runner the HTTP route and the command line use;
   * answers the finished job and each refused row as the command line prints it (`line N: column: reason`).
   */
  (
    entity: ImportEntityName,
    content: string | Buffer,
    options?: { readonly mode?: ImportMode; readonly format?: ImportFormat },
  ): Promise<{ job: Awaited<ReturnType<typeof runImportJob>>; refused: string[] }>;
  /** Removes the files written. */
  dispose(): Promise<void>;
}

/** Imports files into the test app's database at the test's fixed time (with the picture storage given, if any). */
export async function createFileImporter(
  t: TestApp,
  now: Date,
  deps: Pick<ImportRunDeps, 'pictureStorage'> = {},
): Promise<FileImporter> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'yhi-import-'));
  let count = 0;
  const importFile = async (
    entity: ImportEntityName,
    content: string | Buffer,
    options: { readonly mode?: ImportMode; readonly format?: ImportFormat } = {},
  ) => {
    const mode = options.mode ?? 'row-wise';
    const format = options.format ?? 'csv';
    count += 1;
    const file = path.join(dir, `${entity}-${count}.${format}`);
    await writeFile(file, content);
    const id = await createImportJob(
      t.database.db,
      { entity, mode, startedBy: 'test', fileName: path.basename(file), fileBytes: Buffer.byteLength(content) },
      now,
    );
    const refused: string[] = [];
    const job = await runImportJob(
      {
        db: t.database.db,
        now: () => now,
        log: t.app.log,
        onRefused: (error) => refused.push(`line ${error.line}: ${error.column}: ${error.reason}`),
        ...deps,
      },
      { id, entity, mode },
      { path: file, format },
    );
    return { job, refused };
  };
  return Object.assign(importFile, { dispose: () => rm(dir, { recursive: true, force: true }) });
}
