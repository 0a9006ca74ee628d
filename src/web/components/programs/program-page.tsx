import type { ReactNode } from 'react';
import { type ProgramSlug, programFlags } from '../../../contract/dealer';
import { useCurrentUser } from '../../session/session-context';
import { ProgramNotJoined } from '../layout/program-not-joined';

interface ProgramContent {
  readonly name: string;
  readonly intro: string;
  readonly benefits: readonly string[];
  readonly formHeading: string;
}

const content: Record<ProgramSlug, ProgramContent> = {
  marshall: {
    name: 'Marshal Key Dealer',
    intro:
      'As a Marshal key dealer you get priority allocation of Marshal tyres, key dealer pricing and a rebate on every Marshal tyre you sell.',
    benefits: [
      'A rebate on each Marshal tyre on your invoices, credited with your next statement',
      'Priority allocation when a size is short',
      'Co-operative marketing support and point-of-sale material',
    ],
    formHeading: 'Claim a rebate',
  },
  Michelin: {
    name: 'Michelin Associate Dealer',
    intro:
      'Michelin associate dealers take part in Michelin promotions with rebates, display material and pricing support. Sign up to the promotions that suit your business.',
    benefits: [
      'Volume rebates on Michelin passenger and 4x4 tyres',
      'Display stands and point-of-sale kits for promotions',
      'A listing in the Michelin dealer locator',
    ],
    formHeading: 'Sign up to a promotion',
  },
  PitPass: {
    name: 'PitPass',
    intro:
      'Pit Pass earns one point for every whole $10 you buy from us (excl. GST). Spend points on workshop gear, fuel cards and race days; the points earned over the last 12 months set your tier.',
    benefits: [
      'Points on every eligible purchase',
      'Bronze, Silver, Gold and Platinum tiers',
      'Rewards for your workshop and your team',
    ],
    formHeading: 'Redeem points',
  },
};

/**
 * A program page: open to accounts with the program's flag (SPEC.md §6; the server answers 403 to the rest), who see
 * what the program offers, their standing where there is one, and the program's form. Everyone else is told the
 * account is not in the program.
 */
export function ProgramPage({
  program,
  standing,
  form,
}: {
  program: ProgramSlug;
  standing?: ReactNode;
  form: (contactName: string) => ReactNode;
}) {
  const user = useCurrentUser();
  const about = content[program];
  if (!user?.[programFlags[program]]) return <ProgramNotJoined program={about.name} />;
  return (
    <div className="mx-auto max-w-5xl space-y-10 px-4 py-8 sm:px-6">
      <section aria-labelledby="program-about-heading" className="space-y-3">
        <h2 id="program-about-heading" className="text-xl font-bold text-ink">
          About the program
        </h2>
        <p className="max-w-prose text-sm text-black/80">{about.intro}</p>
        <ul className="grid gap-3 sm:grid-cols-3">
          {about.benefits.map((benefit) => (
            <li key={benefit} className="rounded-lg border border-black/10 bg-panel p-4 text-sm text-ink">
              {benefit}
            </li>
          ))}
        </ul>
      </section>
      {standing}
      <section aria-labelledby="program-form-heading" className="space-y-4">
        <h2 id="program-form-heading" className="text-xl font-bold text-ink">
          {about.formHeading}
        </h2>
        {form(user.name)}
      </section>
    </div>
  );
}
