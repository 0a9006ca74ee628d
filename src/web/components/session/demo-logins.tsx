import { useQuery } from '@tanstack/react-query';
import { DEMO_PASSWORD, demoLogins } from '../../../domain/demo-logins';
import { siteSettingsQuery } from '../../api/queries/global';
import { useApi } from '../../session/session-context';

/** DESIGN.md §6: in demo mode the login pages list the demo logins; choosing one fills the form. */
export function DemoLogins({
  audience,
  onChoose,
}: {
  audience: 'customer' | 'staff';
  onChoose: (email: string, password: string) => void;
}) {
  const demoMode = useQuery({ ...siteSettingsQuery(useApi()), select: (settings) => settings.demoMode }).data;
  if (!demoMode) return null;
  const logins = demoLogins.filter((login) => login.role === audience);
  return (
    <section
      aria-labelledby="demo-logins-heading"
      className="rounded-lg border border-dashed border-black/20 bg-panel p-6"
    >
      <h2 id="demo-logins-heading" className="text-base font-bold text-ink">
        Demo logins
      </h2>
      <p className="mt-1 text-sm text-black/70">
        Every demo login uses the password <code className="rounded bg-white px-1 font-mono">{DEMO_PASSWORD}</code>.
      </p>
      <ul className="mt-4 space-y-2">
        {logins.map((login) => (
          <li key={login.email}>
            <button
              type="button"
              onClick={() => onChoose(login.email, DEMO_PASSWORD)}
              className="w-full rounded border border-black/10 bg-white px-3 py-2 text-left text-sm hover:border-brand focus-visible:outline-2 focus-visible:outline-brand"
            >
              <span className="block font-mono font-semibold text-ink">{login.email}</span>
              <span className="block text-black/60">{login.shows}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
