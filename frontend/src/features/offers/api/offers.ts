import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateOfferBodyInput, OfferView } from '@aura/contracts';
import { api } from '../../../lib/api-client';

/** Keys start with the read model's name so `readmodel:changed { model: 'offers' }` refetches them. */
export const offerKeys = {
  all: ['offers'] as const,
  current: ['offers', 'current'] as const,
  list: ['offers', 'list'] as const,
};

/** GET /api/offers/current: the limited offer running now, or null. */
export function currentOfferQueryOptions() {
  return queryOptions({
    queryKey: offerKeys.current,
    queryFn: async ({ signal }) => (await api.get<{ offer: OfferView | null }>('/api/offers/current', { signal })).offer,
  });
}

export function useCurrentOffer() {
  return useQuery(currentOfferQueryOptions());
}

/** GET /api/offers (admin) */
export function useOffers() {
  return useQuery({ queryKey: offerKeys.list, queryFn: ({ signal }) => api.get<OfferView[]>('/api/offers', { signal }) });
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOfferBodyInput) => api.post<OfferView>('/api/offers', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}

export function useEndOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerId: string) => api.post<OfferView>(`/api/offers/${encodeURIComponent(offerId)}/end`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}
