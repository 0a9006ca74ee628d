import type { Database } from '../db/client';
import { accounts, quoteSettings, staffUsers, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { DEMO_PASSWORD } from '../../domain/demo-logins';
import type { SeededRandom } from './random';

const NAME_FIRST = [
  'Southern',
  'Coastal',
  'Outback',
  'Metro',
  'Ranges',
  'Bayside',
  'Northern',
  'Valley',
  'Harbour',
  'Red Centre',
];
const NAME_SECOND = ['Tyre', 'Wheel & Tyre', 'Tyrepower', 'Auto', '4x4', 'Performance', 'Fleet Tyre', 'Mag & Tyre'];
const NAME_LAST = ['Centre', 'Co.', 'Services', 'Specialists', 'Warehouse', 'Depot', 'Pros', 'Mart'];
const STATES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS'] as const;
const GIVEN = [
  'Jack',
  'Olivia',
  'Noah',
  'Charlotte',
  'Liam',
  'Amelia',
  'Harper',
  'Mia',
  'Lachlan',
  'Isla',
  'Cooper',
  'Ruby',
];
const FAMILY = ['Nguyen', 'Smith', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Kelly', 'Murphy', 'Papadopoulos', 'Singh'];

/** How many generated trade accounts join the named demo ones, so staff have someone to search for. */
export const GENERATED_ACCOUNT_COUNT = 36;

export async function seedAccounts(db: Database, random: SeededRandom): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const [dealer, retailer, onHold] = await db
    .insert(accounts)
    .values([
      {
        code: 'C10001',
        name: 'Southern Cross Tyres & Wheels',
        state: 'VIC',
        isMarshalKeyDealer: true,
        isAssociateDealer: true,
        hasPitPass: true,
        priceDisplay: 'Trade',
        creditLimitCents: 5_000_000,
      },
      {
        code: 'C10002',
        name: 'Sunshine Coast Tyre Mart',
        state: 'QLD',
        isRestrictedSalesRetailer: true,
        priceDisplay: 'Trade',
        creditLimitCents: 1_500_000,
      },
      {
        code: 'C10003',
        name: 'Harbour City Auto',
        state: 'NSW',
        priceDisplay: 'Trade',
        creditLimitCents: 0,
      },
    ])
    .returning({ id: accounts.id });
  if (!dealer || !retailer || !onHold) throw new Error('demo accounts were not created');

  await db.insert(users).values([
    { accountId: dealer.id, email: 'dealer@demo.test', name: 'Dana Dealer', passwordHash },
    { accountId: dealer.id, email: 'buyer@demo.test', name: 'Blake Buyer', passwordHash, role: 'buyer' },
    { accountId: dealer.id, email: 'counter@demo.test', name: 'Casey Counter', passwordHash, role: 'counter' },
    { accountId: retailer.id, email: 'retailer@demo.test', name: 'Riley Retailer', passwordHash },
    { accountId: onHold.id, email: 'onhold@demo.test', name: 'Owen Onhold', passwordHash },
  ]);
  // The dealer's counter quotes walk-in customers at RRP, with the shop's own service prices (docs/quotes.md).
  await db.insert(quoteSettings).values({
    accountId: dealer.id,
    tradingName: 'Southern Cross Tyres & Wheels',
    abn: '12345670031',
    fittingCents: 2_500,
    balancingCents: 1_500,
    disposalCents: 550,
  });
  await db.insert(staffUsers).values([
    { email: 'staff@demo.test', name: 'Sam Staff', role: 'administrator', passwordHash },
    { email: 'sales@demo.test', name: 'Sasha Sales', role: 'sales', passwordHash },
    { email: 'credit@demo.test', name: 'Cody Credit', role: 'credit', passwordHash },
    { email: 'claims@demo.test', name: 'Clare Claims', role: 'claims', passwordHash },
    { email: 'content@demo.test', name: 'Connie Content', role: 'content', passwordHash },
  ]);

  for (let index = 0; index < GENERATED_ACCOUNT_COUNT; index += 1) {
    const name = `${random.pick(NAME_FIRST)} ${random.pick(NAME_SECOND)} ${random.pick(NAME_LAST)}`;
    const [account] = await db
      .insert(accounts)
      .values({
        code: `C${10004 + index}`,
        name,
        state: random.pick(STATES),
        isMarshalKeyDealer: random.chance(0.3),
        isAssociateDealer: random.chance(0.3),
        hasPitPass: random.chance(0.4),
        isRestrictedSalesRetailer: random.chance(0.15),
        priceDisplay: random.pick(['Trade', 'Trade', 'RRP'] as const),
        creditLimitCents: random.int(5, 80) * 100_000,
      })
      .returning({ id: accounts.id });
    if (!account) throw new Error('account was not created');
    const given = random.pick(GIVEN);
    const family = random.pick(FAMILY);
    await db.insert(users).values({
      accountId: account.id,
      email: `${given}.${family}.${10004 + index}@trade.example`.toLowerCase(),
      name: `${given} ${family}`,
      passwordHash,
    });
  }
}
