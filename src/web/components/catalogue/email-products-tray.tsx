import { preloadable } from '../layout/preloadable';

/** The tray and its dialog code are a trade user's only (email-products-panel.tsx): a visitor's results never fetch them. */
const panel = preloadable(() => import('./email-products-panel'));

/** The bar that appears once products are picked for a quote, and the dialog that mails them; fetched when drawn. */
export function EmailProductsTray() {
  const part = panel.usePart(true);
  return part.status === 'loaded' ? <part.module.EmailProductsPanel /> : null;
}
