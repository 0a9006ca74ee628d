// `npm run staff -- create --email <email> --name <name>` | `list`: staff members who sign in on /staff/login and act as
// customers; the first one on go-live (docs/go-live.md). The password is read from the terminal without echo, or as
// the first line of standard input (`--password-stdin`), never from the command line, where it would be in the shell's
// history and the process list.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { newPasswordSchema } from '../../../contract/auth';
import { emailField } from '../../../contract/forms';
import { fail, parseCommandLine, withCommandDatabase } from '../../cli/cli-support';
import { readPassword } from '../../cli/read-password';
import { StaffEmailTakenError, createStaffUser, listStaffUsers } from './staff-users';

const USAGE = `usage: npm run staff -- create --email <email> --name <name> [--password-stdin]
       npm run staff -- list`;

const commandSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('create'),
    email: emailField,
    name: z.string().trim().min(1, 'name the staff member').max(100),
    'password-stdin': z.boolean(),
  }),
  z.object({ command: z.literal('list') }),
]);

let args: ReturnType<typeof parseArgs>;
try {
  args = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
}
const command = parseCommandLine(commandSchema, { command: args.positionals[0], ...args.values }, USAGE);

if (command.command === 'create') {
  const password = parseCommandLine(
    newPasswordSchema,
    await readPassword({ prompt: `Password for ${command.email}: `, fromStdin: command['password-stdin'] }),
    USAGE,
  );
  const created = await withCommandDatabase((database) =>
    createStaffUser(database.db, { email: command.email, name: command.name, password }).catch((error: unknown) => {
      if (error instanceof StaffEmailTakenError) fail(error.message, 1);
      throw error;
    }),
  );
  process.stdout.write(`Created staff member ${created.name} <${created.email}>: they sign in on /staff/login.\n`);
} else {
  const staff = await withCommandDatabase((database) => listStaffUsers(database.db));
  if (staff.length === 0) process.stdout.write('No staff members yet.\n');
  for (const member of staff) {
    process.stdout.write(
      `${member.email}\t${member.name}\t${member.disabled ? 'disabled' : 'active'}\tcreated ${member.createdAt.toISOString()}\n`,
    );
  }
}
