// `npm run staff -- create --email <email> --role <role> [--name <name>]` | `list`: staff members who sign in on
// /staff/login; the first administrator on go-live (docs/go-live.md). Creating one prints a single-use link with which
// the member chooses their own password: no password is ever typed into a command line, a terminal or a log.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailField } from '../../../contract/forms';
import { staffMemberNameField } from '../../../contract/staff-members';
import { staffRoleSchema } from '../../../contract/staff-roles';
import { readConfig } from '../../config';
import { fail, parseCommandLine, withCommandDatabase } from '../../cli/cli-support';
import { unknownPasswordHash } from '../auth/user-invitation';
import { STAFF_LINK_LIFETIME_DAYS, StaffEmailTakenError, addStaffMember, listStaffMembers } from './staff-users';

const USAGE = `usage: npm run staff -- create --email <email> --role <administrator|sales|credit|claims|content> [--name <name>]
       npm run staff -- list`;

const commandSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('create'),
    email: emailField,
    role: staffRoleSchema,
    name: staffMemberNameField.optional(),
  }),
  z.object({ command: z.literal('list') }),
]);

let args: ReturnType<typeof parseArgs>;
try {
  args = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
    allowPositionals: true,
  });
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
}
const command = parseCommandLine(commandSchema, { command: args.positionals[0], ...args.values }, USAGE);

if (command.command === 'create') {
  // The link must open the shop the member will use, so it is built from PUBLIC_URL like the shop's own mail.
  const config = readConfig();
  const member = {
    email: command.email,
    name: command.name ?? command.email.split('@')[0] ?? command.email,
    role: command.role,
    passwordHash: await unknownPasswordHash(),
  };
  const created = await withCommandDatabase(
    (database) =>
      database.db
        .transaction((tx) => addStaffMember(tx, config.publicUrl, member, new Date()))
        .catch((error: unknown) => {
          if (error instanceof StaffEmailTakenError) fail(error.message, 1);
          throw error;
        }),
    { config },
  );
  process.stdout.write(
    `Created staff member ${created.name} <${created.email}> (${member.role}). To choose their password, they open ` +
      `this link within ${STAFF_LINK_LIFETIME_DAYS} days (it works once):\n${created.link}\n`,
  );
} else {
  const { members } = await withCommandDatabase((database) => listStaffMembers(database.db));
  if (members.length === 0) process.stdout.write('No staff members yet.\n');
  for (const member of members) {
    const standing = member.disabled ? 'disabled' : member.invited ? 'invited' : 'active';
    process.stdout.write(`${member.email}\t${member.name}\t${member.role}\t${standing}\n`);
  }
}
