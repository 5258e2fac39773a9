import { useMutation } from '@tanstack/react-query';
import type { LoginBody, UserView } from '@aura/contracts';
import { api } from '../../../lib/api-client';

/** POST /api/login {username (or email), password} → the user. */
export function loginUser(body: LoginBody): Promise<UserView> {
  return api.post<UserView>('/api/login', body);
}

export function useLogin() {
  return useMutation({ mutationFn: loginUser });
}
