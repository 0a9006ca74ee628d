import type { SiteSettings } from '../../../contract/global';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema';

/** Defaults for settings the database does not hold (yet). 1300 975 707 is an ACMA fictitious number. */
const DEFAULTS = {
  companyName: 'YHI Trade',
  phone: '1300 975 707',
  email: 'trade@yhi.example',
  customisationPartnerUrl: 'https://customise.example.com',
} satisfies Omit<SiteSettings, 'demoMode'>;

export type SettingKey = keyof typeof DEFAULTS;

export async function readSiteSettings(db: Database, demoMode: boolean): Promise<SiteSettings> {
  const rows = await db.select().from(settings);
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const value = (key: SettingKey) => stored.get(key) ?? DEFAULTS[key];
  return {
    companyName: value('companyName'),
    phone: value('phone'),
    email: value('email'),
    customisationPartnerUrl: value('customisationPartnerUrl'),
    demoMode,
  };
}
