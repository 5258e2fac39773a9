import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateOfferBodyInput } from '@aura/contracts';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** currentOffer: the limited offer running now, or null. */
export function currentOfferQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.offers.current,
    queryFn: async ({ signal }) => (await call('currentOffer', { signal })).offer,
  });
}

export function useCurrentOffer() {
  return useQuery(currentOfferQueryOptions());
}

/** listOffers (admin) */
export function useOffers() {
  return useQuery({ queryKey: queryKeys.offers.list, queryFn: ({ signal }) => call('listOffers', { signal }) });
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOfferBodyInput) => call('createOffer', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.offers.all }),
  });
}

export function useEndOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerId: string) => call('endOffer', { params: { id: offerId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.offers.all }),
  });
}
