/** DESIGN.md §6: the demo logins, listed on the login page in demo mode and in the README. */
export const DEMO_PASSWORD = 'Demo!2345';

export const demoLogins = [
  { email: 'dealer@demo.test', role: 'customer', shows: 'Marshal key dealer, associate dealer, PitPass, VIC' },
  { email: 'retailer@demo.test', role: 'customer', shows: 'Restricted sales retailer: no Payment tab, QLD' },
  { email: 'onhold@demo.test', role: 'customer', shows: 'Account on credit hold: credit limit reached' },
  { email: 'staff@demo.test', role: 'staff', shows: 'Staff member: staff login and impersonation' },
] as const;
