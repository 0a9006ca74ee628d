import { Link } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import type { ProgramLink } from './shop-links';
import { ChevronDownIcon } from './icons';

/** The Programs dropdown; the header leaves it out when the account belongs to no program. */
export function ProgramsMenu({ programs }: { programs: readonly ProgramLink[] }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="inline-flex items-center gap-1 rounded px-3 py-2 text-sm font-semibold uppercase tracking-wide text-ink hover:text-brand focus-visible:outline-2 focus-visible:outline-brand data-[state=open]:text-brand">
        Programs
        <ChevronDownIcon className="h-4 w-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          className="z-50 min-w-56 rounded-md border border-black/10 bg-white p-1 shadow-lg"
        >
          {programs.map((program) => (
            <DropdownMenu.Item key={program.to} asChild>
              <Link
                to={program.to}
                className="block rounded px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-panel data-[highlighted]:text-brand"
              >
                {program.label}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
