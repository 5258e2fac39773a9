import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerToClientEvents } from '@aura/contracts';
import { withSocket } from '../../../lib/socket';
import { notify } from '../../../components/ui/toaster';
import { applyPresence, applyPrices, applyPrivate } from '../api/gallery';

/**
 * Live gallery: 'performer:presence' flips cards and dialogs in the cache (no refetch, no
 * reload), 'performer:private' shows 'In privato' while she is in a session, 'performer:prices'
 * puts her new rate and message price on her card and dialog; 'favourite:online'
 * tells a signed-in user that a favourite came online.
 */
export function useGalleryRealtime(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      withSocket((socket) => {
        const onPresence: ServerToClientEvents['performer:presence'] = (change) => applyPresence(queryClient, change);
        const onPrivate: ServerToClientEvents['performer:private'] = (change) => applyPrivate(queryClient, change);
        const onPrices: ServerToClientEvents['performer:prices'] = (change) => applyPrices(queryClient, change);
        const onFavourite: ServerToClientEvents['favourite:online'] = ({ name }) => {
          notify({
            type: 'info',
            title: `${name} è online!`,
            description: 'Una delle tue preferite è appena entrata online.',
          });
        };
        socket.on('performer:presence', onPresence);
        socket.on('performer:private', onPrivate);
        socket.on('performer:prices', onPrices);
        socket.on('favourite:online', onFavourite);
        return () => {
          socket.off('performer:presence', onPresence);
          socket.off('performer:private', onPrivate);
          socket.off('performer:prices', onPrices);
          socket.off('favourite:online', onFavourite);
        };
      }),
    [queryClient],
  );
}

/** While a profile is open this connection counts as one of her viewers. */
export function useViewing(performerId: string | null): void {
  useEffect(() => {
    if (!performerId) return;
    return withSocket((socket) => {
      const announce = () => socket.emit('performer:view', performerId);
      announce();
      socket.on('connect', announce);
      return () => {
        socket.off('connect', announce);
        socket.emit('performer:view', null);
      };
    });
  }, [performerId]);
}
