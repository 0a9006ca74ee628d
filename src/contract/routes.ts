import { accountRoutes, myAccountRoutes } from './account';
import { accountUserRoutes } from './account-users';
import { authRoutes } from './auth';
import { captchaRoutes } from './captcha';
import { cartRoutes } from './cart';
import { quickOrderRoutes } from './quick-order';
import { checkoutRoutes } from './checkout';
import { catalogueFormRoutes } from './catalogue-forms';
import { formRoutes } from './forms';
import { uploadRoutes } from './upload';
import { merchandiseRoutes } from './catalogue-merchandise';
import { tyreRoutes } from './catalogue-tyres';
import { vehicleRoutes } from './catalogue-vehicles';
import { wheelRoutes } from './catalogue-wheels';
import { globalRoutes } from './global';
import { homeRoutes } from './home';
import { paymentRoutes } from './payment';
import { staffRoutes } from './staff';
import { staffAccountRoutes } from './staff-accounts';
import { staffMemberRoutes } from './staff-members';
import { staffContentRoutes, staffDiscountCodeRoutes } from './staff-content';
import { staffHomeContentRoutes } from './staff-home-content';
import { staffIntegrationRoutes } from './staff-integration';
import { staffOrderRoutes } from './staff-orders';
import { requestRoutes } from './requests';
import { dealerRoutes } from './dealer';
import { pitPassRoutes } from './pit-pass';
import { salesRoutes } from './sales';
import { orderHistoryRoutes } from './order-history';
import { integrationRoutes } from './integration';
import { importRoutes } from './imports';
import { eventRoutes } from './events';
import { webhookRoutes } from './webhooks';
import { orderStatusRoutes } from './order-fulfilment';
import { quoteRoutes } from './quotes';

/** The route table: every API route, once. The server registers it; the client calls it by name. */
export const routes = {
  ...authRoutes,
  ...accountRoutes,
  ...myAccountRoutes,
  ...accountUserRoutes,
  ...salesRoutes,
  ...pitPassRoutes,
  ...dealerRoutes,
  ...homeRoutes,
  ...globalRoutes,
  ...staffRoutes,
  ...staffAccountRoutes,
  ...staffMemberRoutes,
  ...staffContentRoutes,
  ...staffDiscountCodeRoutes,
  ...staffHomeContentRoutes,
  ...staffIntegrationRoutes,
  ...staffOrderRoutes,
  ...requestRoutes,
  ...tyreRoutes,
  ...wheelRoutes,
  ...vehicleRoutes,
  ...merchandiseRoutes,
  ...formRoutes,
  ...uploadRoutes,
  ...captchaRoutes,
  ...catalogueFormRoutes,
  ...cartRoutes,
  ...quickOrderRoutes,
  ...checkoutRoutes,
  ...orderHistoryRoutes,
  ...quoteRoutes,
  ...paymentRoutes,
  ...integrationRoutes,
  ...importRoutes,
  ...eventRoutes,
  ...webhookRoutes,
  ...orderStatusRoutes,
};

export type Routes = typeof routes;
export type RouteName = keyof Routes;

export const API_PREFIX = '/yhi/api';
