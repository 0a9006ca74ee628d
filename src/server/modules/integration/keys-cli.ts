// `npm run keys -- create --name erp --scopes stock,prices` | `list` | `revoke --name erp`: integration keys, for
// the people who run the shop (docs/integration.md). Works on DATABASE_URL, or the embedded database of DATA_DIR while
// no shop holds it.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { integrationKeyNameSchema, integrationScopeListSchema, integrationScopes } from '../../../contract/integration';
import { fail, parseCommandLine, withCommandDatabase } from '../../cli/cli-support';
import {
  IntegrationKeyNameTakenError,
  createIntegrationKey,
  listIntegrationKeys,
  revokeIntegrationKey,
} from './integration-keys';

const USAGE = `usage: npm run keys -- create --name <name> --scopes <scope,scope>
       npm run keys -- list
       npm run keys -- revoke --name <name>
scopes: ${integrationScopes.join(', ')}`;

const commandSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('create'), name: integrationKeyNameSchema, scopes: integrationScopeListSchema }),
  z.object({ command: z.literal('list') }),
  z.object({ command: z.literal('revoke'), name: integrationKeyNameSchema }),
]);

let parsedArgs: ReturnType<typeof parseArgs>;
try {
  parsedArgs = parseArgs({ options: { name: { type: 'string' }, scopes: { type: 'string' } }, allowPositionals: true });
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
}
const command = parseCommandLine(commandSchema, { command: parsedArgs.positionals[0], ...parsedArgs.values }, USAGE);

await withCommandDatabase(async (database) => {
  switch (command.command) {
    case 'create': {
      const created = await createIntegrationKey(database.db, command.name, command.scopes).catch((error: unknown) => {
        if (error instanceof IntegrationKeyNameTakenError) fail(error.message);
        throw error;
      });
      process.stdout.write(
        `Created integration key '${created.name}' with scopes ${created.scopes.join(', ')}.\n` +
          `Keep it now; it is not shown again:\n\n${created.token}\n\n` +
          `Send it as: Authorization: Bearer ${created.token.slice(0, 10)}…\n`,
      );
      break;
    }
    case 'list': {
      const keys = await listIntegrationKeys(database.db);
      if (keys.length === 0) process.stdout.write('No integration keys yet.\n');
      for (const key of keys) {
        const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'active';
        const used = key.lastUsedAt ? `last used ${key.lastUsedAt.toISOString()}` : 'never used';
        process.stdout.write(
          `${key.name}\t${key.tokenPrefix}…\t${key.scopes.join(',')}\tcreated ${key.createdAt.toISOString()}\t${used}\t${state}\n`,
        );
      }
      break;
    }
    case 'revoke': {
      if (!(await revokeIntegrationKey(database.db, command.name, new Date()))) {
        fail(`No active integration key is named '${command.name}'.`);
      }
      process.stdout.write(`Revoked integration key '${command.name}': it is refused from now on.\n`);
      break;
    }
  }
});
