import { useMutation } from '@tanstack/react-query';
import type { LoginBody, UserView } from '@aura/contracts';
import { call } from '../../../lib/api';

/** login {username (or email), password} → the user. */
export function loginUser(body: LoginBody): Promise<UserView> {
  return call('login', { body });
}

export function useLogin() {
  return useMutation({ mutationFn: loginUser });
}
