import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type LaunchedAzurite, launchAzurite } from '../../src/server/integrations/storage/azurite';
import { procStatFields, processesWhose } from '../support/shop-process';

const nicenessOf = (pid: number): number => Number(procStatFields(pid)[16]);

describe('the embedded Azurite', () => {
  const location = mkdtempSync(path.join(os.tmpdir(), 'yhi-azurite-'));
  let azurite: LaunchedAzurite | undefined;
  afterAll(async () => {
    await azurite?.stop();
    rmSync(location, { recursive: true, force: true });
  });

  it('starts at a lower priority than the shop serving beside it, and serves at the usual one', async () => {
    azurite = await launchAzurite({ location });
    // Azurite keeping its files here, by its command line.
    const [pid] = processesWhose('cmdline', `--location\0${location}\0`);
    if (pid === undefined) throw new Error(`no Azurite runs at ${location}`);
    // Before it says it serves: nothing of this process has run since it was spawned.
    expect(nicenessOf(pid)).toBe(10);
    await azurite.ready;
    // Raising a priority again needs the right to (root has it; CI runs as root); without it Azurite stays lower.
    expect(nicenessOf(pid)).toBe(process.getuid?.() === 0 ? 0 : 10);
  }, 60_000);
});
