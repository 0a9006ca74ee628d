import { type PaymentMethod, type PaymentMethodSystemName, paymentMethodSystemNames } from '../../../contract/checkout';
import type { Config } from '../../config';
import { cardPaymentsAvailable } from '../payment/card-gateway-fields';

/** No method has a logo of its own yet: logoUrl is empty and the page shows the name. */
const PAYMENT_METHOD_NAMES: Record<PaymentMethodSystemName, { name: string; logoUrl: string }> = {
  'Payments.TradingAccount': { name: 'Trading Account', logoUrl: '' },
  'Payments.PayPal': { name: 'PayPal', logoUrl: '' },
  'Payments.Card': { name: 'Credit Card', logoUrl: '' },
};

/**
 * Trading Account always; PayPal only while the shop has PayPal credentials (config.paypal); card only with a hosted
 * page or the sandbox switched on.
 */
export function offeredPaymentMethods(config: Config): PaymentMethodSystemName[] {
  return paymentMethodSystemNames.filter(
    (name) =>
      (name !== 'Payments.PayPal' || config.paypal !== undefined) &&
      (name !== 'Payments.Card' || cardPaymentsAvailable(config)),
  );
}

/** SPEC.md §3 'Payment method': the offered methods, the chosen one selected (Trading Account until one is chosen). */
export function paymentMethodsAnswer(config: Config, chosen: PaymentMethodSystemName | null): PaymentMethod[] {
  const offered = offeredPaymentMethods(config);
  const selected = chosen !== null && offered.includes(chosen) ? chosen : 'Payments.TradingAccount';
  return offered.map((systemName) => ({
    ...PAYMENT_METHOD_NAMES[systemName],
    fee: '$0.00',
    selected: systemName === selected,
    paymentMethodSystemName: systemName,
  }));
}

export function paymentMethodName(systemName: PaymentMethodSystemName): string {
  return PAYMENT_METHOD_NAMES[systemName].name;
}
