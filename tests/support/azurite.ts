import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RunningAzurite, startAzurite } from '../../src/server/integrations/storage/azurite';

/** Azurite on a free loopback port with a temporary workspace, removed again by stop(). */
export async function startTestAzurite(): Promise<RunningAzurite> {
  const location = mkdtempSync(path.join(os.tmpdir(), 'yhi-azurite-'));
  const azurite = await startAzurite({ location });
  return {
    ...azurite,
    stop: async () => {
      await azurite.stop();
      rmSync(location, { recursive: true, force: true });
    },
  };
}
