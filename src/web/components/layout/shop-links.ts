import type { UserInfo } from '../../../contract/account';

/** The shopping links of the header, the burger menu and the footer (not shown to staff on their own). */
export const shopLinks = [
  { to: '/tyres', label: 'Tyres' },
  { to: '/wheels', label: 'Wheels' },
  { to: '/merchandise', label: 'Accessories' },
] as const;

export type ProgramPath = '/promotions/marshall' | '/promotions/Michelin' | '/promotions/PitPass';

export interface ProgramLink {
  readonly to: ProgramPath;
  readonly label: string;
}

/** The Programs menu: each entry only for dealers with the matching flag (SPEC.md §6). */
export function programLinks(user: UserInfo | null): ProgramLink[] {
  if (!user) return [];
  const links: ProgramLink[] = [];
  if (user.isMarshalKeyDealer) links.push({ to: '/promotions/marshall', label: 'Marshal Key Dealer' });
  if (user.isAssociateDealer) links.push({ to: '/promotions/Michelin', label: 'Michelin Associate Dealer' });
  if (user.hasPitPass) links.push({ to: '/promotions/PitPass', label: 'PitPass' });
  return links;
}
