import { useMutation } from '@tanstack/react-query';
import type { RegisterBody, UserView } from '@aura/contracts';
import { call } from '../../../lib/api';

/** register {username, email, password} → the new user (signed in, 10 welcome auracoin). */
export function registerUser(body: RegisterBody): Promise<UserView> {
  return call('register', { body });
}

export function useRegister() {
  return useMutation({ mutationFn: registerUser });
}
