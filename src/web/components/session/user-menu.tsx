import { Link, useNavigate } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { SessionActorContext, useCurrentUser } from '../../session/session-context';
import { useUserMay } from '../../session/user-may';
import { ChevronDownIcon, UserIcon } from '../layout/icons';
import { useReturnToStaff } from './use-return-to-staff';

const itemClass =
  'block w-full rounded px-3 py-2 text-left text-sm text-ink outline-none data-[highlighted]:bg-panel data-[highlighted]:text-brand';

/** The signed-in user in the header: name with account code, account links and Sign out. */
export function UserMenu() {
  const user = useCurrentUser();
  const session = SessionActorContext.useActorRef();
  const navigate = useNavigate();
  const returnToStaff = useReturnToStaff();
  const may = useUserMay();
  if (!user) return null;
  const staffOnly = user.isStaffMember && !user.isImpersonating;
  const code = staffOnly ? 'Staff' : user.sapCode;

  const signOut = () => {
    session.send({ type: 'session.signOut' });
    void navigate({ to: '/home' });
  };

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="inline-flex max-w-[16rem] items-center gap-2 rounded px-2 py-1 text-sm text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
        aria-label={`Account menu for ${user.name} (${code})`}
      >
        <UserIcon className="h-4 w-4 shrink-0" />
        <span className="truncate font-medium">{user.name}</span>
        <span className="shrink-0 rounded bg-white/15 px-1.5 py-0.5 font-mono text-xs">{code}</span>
        <ChevronDownIcon className="h-4 w-4 shrink-0" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-md border border-black/10 bg-white p-1 shadow-lg"
        >
          {user.isImpersonating ? (
            <DropdownMenu.Label className="px-3 py-2 text-xs text-black/60">
              Acting for this customer as staff
            </DropdownMenu.Label>
          ) : null}
          {staffOnly ? (
            <>
              <DropdownMenu.Item asChild>
                <Link to="/staff" className={itemClass}>
                  Customer accounts
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Separator className="my-1 h-px bg-black/10" />
            </>
          ) : (
            <>
              <DropdownMenu.Item asChild>
                <Link to="/my-account" className={itemClass}>
                  Account details
                </Link>
              </DropdownMenu.Item>
              {may.seeInvoices ? (
                <DropdownMenu.Item asChild>
                  <Link to="/my-account/invoices" className={itemClass}>
                    Invoices
                  </Link>
                </DropdownMenu.Item>
              ) : null}
              <DropdownMenu.Item asChild>
                <Link to="/my-account/profile" className={itemClass}>
                  Profile
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Separator className="my-1 h-px bg-black/10" />
            </>
          )}
          {user.isImpersonating ? (
            <DropdownMenu.Item className={itemClass} onSelect={() => void returnToStaff()}>
              Return to staff
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item className={itemClass} onSelect={signOut}>
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
