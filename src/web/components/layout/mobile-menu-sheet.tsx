import { Link } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';
import { useCurrentUser } from '../../session/session-context';
import { useUserMay } from '../../session/user-may';
import { CounterPriceSwitch } from '../catalogue/counter-price-switch';
import { CustomisationLink } from './customisation-link';
import { CloseIcon } from './icons';
import { programLinks, shopLinks } from './shop-links';
import type { ShellRole } from './use-shell-role';

const linkClass = 'block rounded px-3 py-3 text-base font-medium text-ink hover:bg-panel hover:text-brand';
const headingClass = 'px-3 pb-1 pt-4 text-xs font-semibold uppercase tracking-wider text-black/50';

export interface MobileMenuSheetProps {
  readonly role: ShellRole;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The burger button, which lives outside this chunk: focus goes back to it when the sheet closes. */
  readonly trigger: RefObject<HTMLButtonElement | null>;
}

/** The burger menu's side sheet with the header's links (mobile-menu.tsx fetches it on first use). */
export function MobileMenuSheet({ role, open, onOpenChange, trigger }: MobileMenuSheetProps) {
  const user = useCurrentUser();
  const may = useUserMay();
  const programs = role === 'customer' ? programLinks(user) : [];
  const close = () => onOpenChange(false);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white p-4 shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold text-ink">Menu</Dialog.Title>
            <Dialog.Close
              className="inline-flex h-10 w-10 items-center justify-center rounded hover:bg-panel focus-visible:outline-2 focus-visible:outline-brand"
              aria-label="Close menu"
            >
              <CloseIcon className="h-6 w-6" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Links to every part of the shop</Dialog.Description>
          {/* Below 640 px the header has no room for the counter switch; here it is one tap away. */}
          {role === 'customer' ? <CounterPriceSwitch placement="menu" /> : null}
          <nav aria-label="Mobile" onClick={close}>
            {role === 'staff' ? null : (
              <>
                <p className={headingClass}>Shop</p>
                {shopLinks.map((link) => (
                  <Link key={link.to} to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                ))}
                {role === 'customer' && may.buy ? (
                  <Link to="/quick-order" className={linkClass}>
                    Quick order
                  </Link>
                ) : null}
              </>
            )}
            {programs.length > 0 ? (
              <>
                <p className={headingClass}>Programs</p>
                {programs.map((program) => (
                  <Link key={program.to} to={program.to} className={linkClass}>
                    {program.label}
                  </Link>
                ))}
              </>
            ) : null}
            <p className={headingClass}>More</p>
            <CustomisationLink className={`${linkClass} inline-flex w-full items-center gap-2`} />
            {role === 'customer' ? (
              <Link to="/my-account" className={linkClass}>
                My account
              </Link>
            ) : null}
            <Link to="/contact-us" className={linkClass}>
              Contact us
            </Link>
            {role === 'visitor' ? (
              <>
                <Link to="/login" className={linkClass}>
                  Login
                </Link>
                <Link to="/register" className={linkClass}>
                  Register
                </Link>
              </>
            ) : null}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
