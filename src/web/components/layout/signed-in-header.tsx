/**
 * The header's parts only a signed-in user sees: the account menu, the Programs menu, the counter switch and the cart
 * with its flyout and flows. They are one chunk, fetched once a session is known or stored (site-header.tsx), so a
 * visitor's first load never carries them (docs/performance.md, first load) and they all appear together.
 */
export { CounterPriceSwitch } from '../catalogue/counter-price-switch';
export { UserMenu } from '../session/user-menu';
export { CartButton } from './cart-button';
export { ProgramsMenu } from './programs-menu';
