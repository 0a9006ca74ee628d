import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DealerPromotionRequest } from '../../../contract/dealer';
import type { FormReceipt } from '../../../contract/forms';
import type { ApiError } from '../../api/api-error';
import { accountKeys } from '../../api/queries/account';
import type { FormState } from '../../forms/use-form-state';
import { useApi } from '../../session/session-context';
import { validatedSubmit } from '../account/validated-submit';

/**
 * Dealer/Promotion for one program's form: validated with the contract's schema before it is sent, the server's
 * field errors shown under their fields, and the Pit Pass standing refreshed after a redemption.
 */
export function usePromotionSubmission<T>(form: FormState<T>) {
  const api = useApi();
  const queryClient = useQueryClient();
  const send = useMutation<FormReceipt, ApiError, DealerPromotionRequest>({
    mutationFn: (body) => api.call('dealerPromotion', { body }),
    onSuccess: (_receipt, body) =>
      body.program === 'PitPass' ? queryClient.invalidateQueries({ queryKey: accountKeys.pitPass }) : undefined,
    onError: (error) => showServerErrors(error),
  });
  const { submit, showServerErrors } = validatedSubmit<T, DealerPromotionRequest>(form, (payload) =>
    send.mutate(payload),
  );
  const again = () => {
    send.reset();
    form.reset();
  };
  return { send, submit, again };
}
