import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../../session/session-context';
import type { ShellRole } from '../layout/use-shell-role';
import { HomeSizeSearch } from './home-size-search';

/** The home page's banner over the wide car background, with the next step for each role. */
export function HomeHero({ role }: { role: ShellRole }) {
  const user = useCurrentUser();
  return (
    <div className="car-background text-white">
      <div className="mx-auto flex min-h-[22rem] max-w-7xl flex-col justify-center gap-5 px-4 py-12 sm:px-6">
        {role === 'customer' ? <HomeSizeSearch /> : null}
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-white/70">
          {role === 'customer' && user ? `Welcome back, ${user.name}` : 'YHI Trade'}
        </p>
        <h1 className="max-w-2xl text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">
          Tyres, wheels and accessories for the trade
        </h1>
        <p className="max-w-xl text-lg text-white/80">
          Stock from warehouses in every mainland state, trade pricing for your account and same-day dispatch.
        </p>
        <div className="flex flex-wrap gap-3">
          {role === 'visitor' ? (
            <>
              <Link
                to="/login"
                className="rounded bg-brand px-5 py-3 font-semibold hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                Log in to order
              </Link>
              <Link
                to="/register"
                className="rounded border border-white/40 px-5 py-3 font-semibold hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                Apply for a trade account
              </Link>
            </>
          ) : null}
          {role === 'customer' ? (
            <>
              <Link
                to="/tyres"
                className="rounded bg-brand px-5 py-3 font-semibold hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                Shop tyres
              </Link>
              <Link
                to="/wheels"
                className="rounded border border-white/40 px-5 py-3 font-semibold hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                Shop wheels
              </Link>
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
