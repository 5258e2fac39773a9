import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** POST /api/password-reset: always 202, whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => call('requestPasswordReset', { body: { email } }) });
}

/** POST /api/password-reset/confirm: the link's token and the new password. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => call('confirmPasswordReset', { body }),
  });
}
