import type { Database } from '../db/client';
import { daysAfter } from '../dates';
import { homeMerchandise, notifications, promotionBanners, settings } from '../db/schema';
import { SHIPPING } from '../modules/checkout/shipping-rules';

/** Notifications around `now`: some active, one expired, one not started yet, some with open ends. */
export async function seedHome(db: Database, now: Date): Promise<void> {
  const days = (count: number) => daysAfter(now, count);
  await db.insert(notifications).values([
    {
      text: `Free bulk delivery when ${SHIPPING.bulkQuantity} or more tyres and wheels ship from one warehouse. The saving shows at checkout.`,
      startsAt: days(-14),
      endsAt: days(45),
      sortOrder: 1,
      secondsToDisplay: 8,
      displayOnSaleIcon: true,
    },
    {
      text: 'Cashback on sets of 4 selected passenger and 4WD tyres until the end of the month.',
      startsAt: null,
      endsAt: days(20),
      sortOrder: 2,
      secondsToDisplay: null,
      displayOnSaleIcon: true,
    },
    {
      text: 'Orders placed by 2 pm ship the same business day from every state warehouse.',
      startsAt: null,
      endsAt: null,
      sortOrder: 3,
      secondsToDisplay: 6,
      displayOnSaleIcon: false,
    },
    {
      text: 'Christmas trading: warehouses close at 12 pm on 24 December and reopen on 5 January.',
      startsAt: days(-2),
      endsAt: null,
      sortOrder: 4,
      secondsToDisplay: null,
      displayOnSaleIcon: false,
    },
    {
      text: 'Easter closure: no deliveries on Good Friday or Easter Monday.',
      startsAt: days(-60),
      endsAt: days(-10),
      sortOrder: 0,
      secondsToDisplay: null,
      displayOnSaleIcon: false,
    },
    {
      text: 'Stocktake on 30 June: orders placed after 2 pm ship on 1 July.',
      startsAt: days(60),
      endsAt: days(70),
      sortOrder: 0,
      secondsToDisplay: null,
      displayOnSaleIcon: false,
    },
  ]);

  await db.insert(promotionBanners).values({
    title: 'Summer tyre sale',
    imageUrl: '/images/promotions/summer-tyre-sale.svg',
    alternateText: 'Summer tyre sale: cashback on sets of four',
    linkUrl: '/tyres',
    startsAt: days(-7),
    endsAt: days(60),
    sortOrder: 1,
  });

  await db.insert(homeMerchandise).values([
    {
      title: 'Workshop equipment',
      imageUrl: '/images/home/workshop-equipment.svg',
      alternateText: 'Tyre changer and wheel balancer',
      linkUrl: '/merchandise',
      sortOrder: 1,
    },
    {
      title: 'Wheel accessories',
      imageUrl: '/images/home/wheel-accessories.svg',
      alternateText: 'Wheel nuts, locks and hub rings',
      linkUrl: '/merchandise',
      sortOrder: 2,
    },
    {
      title: 'Tyre care',
      imageUrl: '/images/home/tyre-care.svg',
      alternateText: 'Tyre shine and valve caps',
      linkUrl: '/merchandise',
      sortOrder: 3,
    },
    {
      title: 'Apparel',
      imageUrl: '/images/home/apparel.svg',
      alternateText: 'Branded caps and workshop shirts',
      linkUrl: '/merchandise',
      sortOrder: 4,
    },
  ]);

  await db.insert(settings).values([
    { key: 'companyName', value: 'YHI Trade' },
    { key: 'phone', value: '1300 975 707' },
    { key: 'email', value: 'trade@yhi.example' },
    { key: 'customisationPartnerUrl', value: 'https://customise.example.com' },
  ]);
}
