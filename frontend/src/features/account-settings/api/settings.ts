import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => call('changePassword', { body }),
  });
export const useRequestEmailChange = () =>
  useMutation({ mutationFn: (body: { email: string; password: string }) => call('requestEmailChange', { body }) });
export const useConfirmEmailChange = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call('confirmEmailChange', { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
};
/** Before the deletion: his password checked on the server, and the auracoin it would lose. */
export const useCheckDeleteMe = () =>
  useMutation({ mutationFn: (password: string) => call('checkDeleteMe', { body: { password } }) });
/** Deletes his account; withdrawing his consent to sensitive data (GDPR Art. 9) closes it the same way, saying so. */
export const useDeleteMe = () =>
  useMutation({
    mutationFn: ({ password, reason }: { password: string; reason?: 'consent_withdrawn' }) =>
      call('deleteMe', { body: { password, ...(reason ? { reason } : {}) } }),
  });

/** His data as a JSON file, saved by the browser. */
export async function downloadMyData(): Promise<void> {
  const data = await call('exportMe');
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'aura-i-miei-dati.json';
  link.click();
  URL.revokeObjectURL(url);
}
