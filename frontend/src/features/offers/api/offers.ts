import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateOfferBodyInput, OfferView } from '@aura/contracts';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/offers/current: the limited offer running now, or null. */
export function currentOfferQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.offers.current,
    queryFn: async ({ signal }) => (await api.get<{ offer: OfferView | null }>('/api/offers/current', { signal })).offer,
  });
}

export function useCurrentOffer() {
  return useQuery(currentOfferQueryOptions());
}

/** GET /api/offers (admin) */
export function useOffers() {
  return useQuery({ queryKey: queryKeys.offers.list, queryFn: ({ signal }) => api.get<OfferView[]>('/api/offers', { signal }) });
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOfferBodyInput) => api.post<OfferView>('/api/offers', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.offers.all }),
  });
}

export function useEndOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerId: string) => api.post<OfferView>(`/api/offers/${encodeURIComponent(offerId)}/end`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.offers.all }),
  });
}
