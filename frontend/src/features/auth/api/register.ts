import { useMutation } from '@tanstack/react-query';
import type { RegisterBody, UserView } from '@aura/contracts';
import { api } from '../../../lib/api-client';

/** POST /api/register {username, email, password} → the new user (signed in, 10 welcome auracoin). */
export function registerUser(body: RegisterBody): Promise<UserView> {
  return api.post<UserView>('/api/register', body);
}

export function useRegister() {
  return useMutation({ mutationFn: registerUser });
}
