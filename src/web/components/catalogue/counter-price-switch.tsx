import { type CounterPriceMode, setCounterPriceMode, useCounterPriceMode } from './counter-price-mode';

const options: readonly { mode: CounterPriceMode; label: string; hint: string }[] = [
  { mode: 'Account', label: 'Account', hint: "Show prices as your account's setting says" },
  { mode: 'Trade', label: 'Trade', hint: 'Show your trade price' },
  { mode: 'RRP', label: 'RRP', hint: 'Show the recommended retail price only' },
  { mode: 'Hide', label: 'Hide', hint: 'Hide prices on this screen' },
];

/** The header's counter switch: flips the price shown on this screen only (the account setting stays). */
export function CounterPriceSwitch() {
  const mode = useCounterPriceMode();
  return (
    <fieldset className="hidden items-center gap-1 sm:flex">
      <legend className="sr-only">Prices shown on this screen</legend>
      <span aria-hidden="true" className="mr-1 text-xs font-semibold uppercase tracking-wide text-black/60">
        Price
      </span>
      <div className="flex overflow-hidden rounded border border-black/15 text-xs font-semibold">
        {options.map((option) => (
          <label
            key={option.mode}
            title={option.hint}
            className="cursor-pointer px-2 py-1 text-black/70 hover:bg-panel has-[:checked]:bg-ink has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand"
          >
            <input
              type="radio"
              name="counter-price-mode"
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
