import { Link } from '@tanstack/react-router';
import { ChevronRightIcon } from '../layout/icons';

function TyreArt() {
  return (
    <svg viewBox="0 0 120 120" aria-hidden="true" className="h-24 w-24">
      <circle cx="60" cy="60" r="54" fill="#1d1d1f" />
      <circle cx="60" cy="60" r="54" fill="none" stroke="#3a3a3e" strokeWidth="8" strokeDasharray="6 5" />
      <circle cx="60" cy="60" r="32" fill="#c9ccd1" />
      <circle cx="60" cy="60" r="26" fill="#e6e8eb" />
      <circle cx="60" cy="60" r="7" fill="#c8102e" />
    </svg>
  );
}

function WheelArt() {
  const spokes = [0, 72, 144, 216, 288];
  return (
    <svg viewBox="0 0 120 120" aria-hidden="true" className="h-24 w-24">
      <circle cx="60" cy="60" r="54" fill="#2b2b2f" />
      <circle cx="60" cy="60" r="46" fill="#d9dce0" />
      <circle cx="60" cy="60" r="40" fill="#2b2b2f" />
      {spokes.map((angle) => (
        <path key={angle} d="M55 58 L52 22 L68 22 L65 58 Z" fill="#d9dce0" transform={`rotate(${angle} 60 60)`} />
      ))}
      <circle cx="60" cy="60" r="12" fill="#d9dce0" />
      <circle cx="60" cy="60" r="5" fill="#c8102e" />
    </svg>
  );
}

function AccessoriesArt() {
  return (
    <svg viewBox="0 0 120 120" aria-hidden="true" className="h-24 w-24">
      <polygon points="60,14 100,37 100,83 60,106 20,83 20,37" fill="#2b2b2f" />
      <polygon points="60,26 90,43 90,77 60,94 30,77 30,43" fill="#d9dce0" />
      <circle cx="60" cy="60" r="18" fill="#2b2b2f" />
      <circle cx="60" cy="60" r="11" fill="none" stroke="#c8102e" strokeWidth="4" strokeDasharray="4 3" />
    </svg>
  );
}

const entries = [
  { to: '/tyres', title: 'Tyres', text: 'Passenger, SUV, 4WD and light truck tyres by size or vehicle.', Art: TyreArt },
  {
    to: '/wheels',
    title: 'Wheels',
    text: 'Alloy and steel wheels by size, PCD and offset, with fitment checks.',
    Art: WheelArt,
  },
  {
    to: '/merchandise',
    title: 'Accessories & Equipment',
    text: 'Nuts, locks, hub rings, TPMS, workshop equipment and more.',
    Art: AccessoriesArt,
  },
] as const;

/** The home page's ways into the catalogue. */
export function EntryPoints() {
  return (
    <section aria-labelledby="home-shop" className="space-y-5">
      <h2 id="home-shop" className="text-2xl font-extrabold tracking-tight">
        Shop the range
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {entries.map(({ to, title, text, Art }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full items-center gap-5 rounded-lg border border-black/10 bg-white p-5 transition hover:border-brand hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            >
              <Art />
              <span className="space-y-1">
                <span className="flex items-center gap-1 text-lg font-bold group-hover:text-brand">
                  {title}
                  <ChevronRightIcon className="h-4 w-4" />
                </span>
                <span className="block text-sm text-black/60">{text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
