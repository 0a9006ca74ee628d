import { staffContentRoutes, staffDiscountCodeRoutes } from '../../../contract/staff-content';
import { staffHomeContentRoutes } from '../../../contract/staff-home-content';
import { staffIntegrationRoutes } from '../../../contract/staff-integration';
import { staffOrderRoutes } from '../../../contract/staff-orders';
import type { StaffRole } from '../../../contract/staff-roles';

/**
 * The back office's parts, in the order its navigation lists them, with the roles (besides administrator) each is for.
 * A part's routes declare the same roles in the contract; this list only decides what the navigation offers.
 */
export const backOfficeSections: readonly {
  readonly to: string;
  readonly label: string;
  readonly roles: readonly StaffRole[];
}[] = [
  { to: '/staff', label: 'Overview', roles: ['sales', 'credit', 'claims', 'content'] },
  { to: '/staff/accounts', label: 'Accounts', roles: ['sales', 'credit'] },
  { to: '/staff/orders', label: 'Orders', roles: staffOrderRoutes.staffOrders.staffRoles },
  { to: '/staff/requests', label: 'Requests', roles: ['claims'] },
  { to: '/staff/notifications', label: 'Notifications', roles: staffContentRoutes.staffNotifications.staffRoles },
  {
    to: '/staff/discount-codes',
    label: 'Discount codes',
    roles: staffDiscountCodeRoutes.staffDiscountCodes.staffRoles,
  },
  { to: '/staff/home-page', label: 'Home page', roles: staffHomeContentRoutes.staffPromotionBanner.staffRoles },
  { to: '/staff/members', label: 'Staff', roles: [] },
  { to: '/staff/audit', label: 'Audit', roles: [] },
  { to: '/staff/integration', label: 'Integration', roles: staffIntegrationRoutes.staffIntegrationKeys.staffRoles },
];
