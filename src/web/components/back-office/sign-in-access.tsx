import { useState } from 'react';
import { smallButtonClass } from '../forms/form-controls';

/**
 * Whether someone may sign in: Enable for a disabled person; Disable for anyone else, which first asks, because
 * disabling signs them out at once.
 */
export function SignInAccess({
  person,
  busy,
  onChange,
}: {
  readonly person: { readonly name: string; readonly email: string; readonly disabled: boolean };
  readonly busy: boolean;
  readonly onChange: (disabled: boolean) => unknown;
}) {
  const [confirming, setConfirming] = useState(false);
  if (person.disabled) {
    return (
      <button
        type="button"
        className={smallButtonClass}
        disabled={busy}
        aria-label={`Enable ${person.email}`}
        onClick={() => onChange(false)}
      >
        Enable
      </button>
    );
  }
  if (!confirming) {
    return (
      <button
        type="button"
        className={smallButtonClass}
        aria-label={`Disable ${person.email}`}
        onClick={() => setConfirming(true)}
      >
        Disable
      </button>
    );
  }
  return (
    <span role="alert" className="inline-flex flex-wrap items-center gap-2">
      <span className="font-semibold text-brand">Sign {person.name} out and stop them signing in?</span>
      <button
        type="button"
        className={smallButtonClass}
        disabled={busy}
        onClick={() => {
          setConfirming(false);
          onChange(true);
        }}
      >
        Disable {person.email}
      </button>
      <button type="button" className={smallButtonClass} onClick={() => setConfirming(false)}>
        Cancel
      </button>
    </span>
  );
}
