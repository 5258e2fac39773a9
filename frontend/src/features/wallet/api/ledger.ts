import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** userLedger: the wallet's movements, newest first; asked again when the balance changes. */
export function useWalletLedger(userId: string, balance: number) {
  return useQuery({
    queryKey: queryKeys.users.ledger(userId, balance),
    queryFn: ({ signal }) => call('userLedger', { params: { id: userId }, signal }),
  });
}
