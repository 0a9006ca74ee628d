/** DESIGN.md §6: the demo logins, listed on the login page in demo mode and in the README. */
export const DEMO_PASSWORD = 'Demo!2345';

export const demoLogins = [
  {
    email: 'dealer@demo.test',
    role: 'customer',
    shows: 'Owner of C10001: Marshal key dealer, associate dealer, PitPass, VIC',
  },
  { email: 'buyer@demo.test', role: 'customer', shows: 'Buyer of C10001: trade prices, cart and orders, no settings' },
  { email: 'counter@demo.test', role: 'customer', shows: 'Counter user of C10001: RRP only, no cart or invoices' },
  { email: 'retailer@demo.test', role: 'customer', shows: 'Restricted sales retailer: no Payment tab, QLD' },
  { email: 'onhold@demo.test', role: 'customer', shows: 'Account on credit hold: credit limit reached' },
  { email: 'staff@demo.test', role: 'staff', shows: 'Staff administrator: everything, staff and integration keys' },
  { email: 'sales@demo.test', role: 'staff', shows: 'Sales staff: accounts, users, orders, act as a customer' },
  { email: 'credit@demo.test', role: 'staff', shows: 'Credit staff: credit limits, holds, payments, refunds' },
  {
    email: 'claims@demo.test',
    role: 'staff',
    shows: 'Claims staff: returns, warranty claims, enquiries, applications',
  },
  {
    email: 'content@demo.test',
    role: 'staff',
    shows: 'Content staff: notifications, banner, home tiles, discount codes',
  },
] as const;
