import { useUserMay } from '../../session/user-may';
import { type CounterPriceMode, setCounterPriceMode, useCounterPriceMode } from './counter-price-mode';

const options: readonly { mode: CounterPriceMode; label: string; hint: string }[] = [
  { mode: 'Account', label: 'Account', hint: "Show prices as your account's setting says" },
  { mode: 'Trade', label: 'Trade', hint: 'Show your trade price' },
  { mode: 'RRP', label: 'RRP', hint: 'Show the recommended retail price only' },
  { mode: 'Hide', label: 'Hide', hint: 'Hide prices on this screen' },
];

const placements = {
  // From 640 px the header has room for it; below, the menu carries it (large enough to tap).
  header: {
    fieldset: 'hidden items-center gap-1 sm:flex',
    group: 'text-xs',
    option: 'px-2 py-1',
    name: 'counter-price-mode',
  },
  menu: {
    fieldset: 'flex flex-col gap-2 px-3 pt-4',
    group: 'text-sm',
    option: 'flex-1 px-2 py-2.5 text-center',
    name: 'counter-price-mode-menu',
  },
} as const;

/**
 * The counter switch: flips the prices shown on this device's screens (the account setting stays). In the header
 * from 640 px, and in the menu of smaller screens.
 */
export function CounterPriceSwitch({ placement = 'header' }: { placement?: keyof typeof placements }) {
  const mode = useCounterPriceMode();
  const offered = useUserMay().seeTradePrices ? options : options.filter((option) => option.mode !== 'Trade');
  const style = placements[placement];
  return (
    <fieldset className={style.fieldset}>
      <legend className="sr-only">Prices shown on this screen</legend>
      <span aria-hidden="true" className="mr-1 text-xs font-semibold uppercase tracking-wide text-black/70">
        {placement === 'menu' ? 'Prices on this screen' : 'Price'}
      </span>
      <div className={`flex overflow-hidden rounded border border-black/15 font-semibold ${style.group}`}>
        {offered.map((option) => (
          <label
            key={option.mode}
            title={option.hint}
            className={`cursor-pointer text-black/75 hover:bg-panel has-[:checked]:bg-ink has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${style.option}`}
          >
            <input
              type="radio"
              name={style.name}
              value={option.mode}
              checked={mode === option.mode}
              onChange={() => setCounterPriceMode(option.mode)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
