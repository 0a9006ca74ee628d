import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../api/api-error';
import { IMPERSONATION_TOKEN_PARAM, useApi } from '../../session/session-context';
import { FormError } from '../session/form-field';
import { smallButtonClass } from '../forms/form-controls';

const accountButtonClass =
  'rounded border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand hover:text-white';

/**
 * Opens the shop as a user of the account: the one given (their cart, their name on the orders placed), or without one
 * the account's first enabled user. A single-use token travels in the URL the shop redeems.
 */
export function ActAsButton({ accountId, user }: { accountId: number; user?: { id: number; name: string } }) {
  const api = useApi();
  const actAs = useMutation({
    mutationFn: () =>
      api.call('staffImpersonationToken', { body: user ? { accountId, userId: user.id } : { accountId } }),
    onSuccess: ({ token }) => window.location.assign(`/home?${IMPERSONATION_TOKEN_PARAM}=${encodeURIComponent(token)}`),
  });
  return (
    <span className={user ? 'inline-block' : 'block pt-2'}>
      <FormError message={actAs.error instanceof ApiError ? actAs.error.message : null} />
      <button
        type="button"
        onClick={() => actAs.mutate()}
        disabled={actAs.isPending}
        aria-label={user ? `Act as ${user.name}` : undefined}
        className={user ? smallButtonClass : accountButtonClass}
      >
        {user ? 'Act as' : 'Act as this account'}
      </button>
    </span>
  );
}
