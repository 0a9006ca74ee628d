import { accountHandlers } from './account/account-handlers';
import { authHandlers } from './auth/auth-handlers';
import { cartHandlers } from './cart/cart-handlers';
import { contentHandlers } from './content/content-handlers';
import { checkoutHandlers } from './checkout/checkout-handlers';
import { catalogueHandlers } from './catalogue/catalogue-handlers';
import { formHandlers } from './forms/form-handlers';
import { globalHandlers } from './global/global-handlers';
import { homeHandlers } from './home/home-handlers';
import { merchandiseHandlers } from './merchandise/merchandise-handlers';
import { paymentHandlers } from './payment/payment-handlers';
import { productEnquiryHandlers } from './product-enquiry/product-enquiry-handlers';
import { selectAndEmailHandlers } from './select-and-email/select-and-email-handlers';
import { staffHandlers } from './staff/staff-handlers';
import { requestHandlers } from './requests/request-handlers';
import { uploadHandlers } from './upload/upload-handlers';
import { vehicleHandlers } from './vehicle/vehicle-handlers';
import { dealerHandlers } from './dealer/dealer-handlers';
import { pitPassHandlers } from './pit-pass/pit-pass-handlers';
import { salesHandlers } from './sales/sales-handlers';
import { orderHistoryHandlers } from './order-history/order-history-handlers';
import { integrationHandlers } from './integration/integration-handlers';
import { staffIntegrationHandlers } from './integration/staff-integration-handlers';
import { staffWebhookHandlers } from './webhooks/staff-webhooks';
import { importHandlers } from './imports/import-handlers';
import { staffImportHandlers } from './imports/staff-import-handlers';
import { eventHandlers } from './events/event-handlers';
import { webhookHandlers } from './webhooks/webhook-handlers';
import { orderStatusHandlers } from './order-status/order-status-handlers';
import { quoteHandlers } from './quotes/quote-handlers';

/** Every area's handlers; buildApp refuses to start when a contract route is missing here. */
export const handlers = {
  ...authHandlers,
  ...accountHandlers,
  ...salesHandlers,
  ...pitPassHandlers,
  ...dealerHandlers,
  ...homeHandlers,
  ...globalHandlers,
  ...staffHandlers,
  ...contentHandlers,
  ...requestHandlers,
  ...catalogueHandlers,
  ...vehicleHandlers,
  ...merchandiseHandlers,
  ...formHandlers,
  ...productEnquiryHandlers,
  ...selectAndEmailHandlers,
  ...uploadHandlers,
  ...cartHandlers,
  ...checkoutHandlers,
  ...orderHistoryHandlers,
  ...quoteHandlers,
  ...paymentHandlers,
  ...integrationHandlers,
  ...staffIntegrationHandlers,
  ...staffWebhookHandlers,
  ...importHandlers,
  ...staffImportHandlers,
  ...eventHandlers,
  ...webhookHandlers,
  ...orderStatusHandlers,
};
