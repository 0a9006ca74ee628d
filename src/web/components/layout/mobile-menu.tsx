import { useRef, useState } from 'react';
import { MenuIcon } from './icons';
import { preloadable } from './preloadable';
import type { ShellRole } from './use-shell-role';

/** The sheet and its dialog code come on first use: most first loads are on screens that never show the button. */
const sheet = preloadable(() => import('./mobile-menu-sheet'));
const preloadSheet = () => void sheet.preload().catch(() => undefined);

/** The burger menu of small screens: the header's links in a side sheet. */
export function MobileMenu({ role }: { role: ShellRole }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const part = sheet.usePart(open);
  const Sheet = part.status === 'loaded' ? part.module.MobileMenuSheet : undefined;

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        // A finger or pointer on its way to the button, or focus on it, starts the fetch, so the sheet opens without a wait.
        onPointerEnter={preloadSheet}
        onTouchStart={preloadSheet}
        onFocus={preloadSheet}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        className="inline-flex h-10 w-10 items-center justify-center rounded text-ink hover:bg-panel focus-visible:outline-2 focus-visible:outline-brand lg:hidden"
      >
        <MenuIcon className="h-6 w-6" />
      </button>
      {Sheet ? <Sheet role={role} open={open} onOpenChange={setOpen} trigger={trigger} /> : null}
    </>
  );
}
