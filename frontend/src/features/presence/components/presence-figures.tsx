import { useQuery } from '@tanstack/react-query';
import { Stack, Text } from '@chakra-ui/react';
import { formatInteger } from '../../../lib/format';
import { liveShowsQueryOptions } from '../../../lib/shared-queries';
import { usePresence } from '../api/presence';

/** the viewer counts move without a push to the landing: read again while it is open */
const LIVE_FIGURES_EVERY_MS = 15_000;

function useLiveFigures() {
  const presence = usePresence();
  const shows = useQuery({ ...liveShowsQueryOptions(), refetchInterval: LIVE_FIGURES_EVERY_MS });
  return { presence, onAir: shows.data?.filter((show) => show.status === 'live') };
}

/** Somebody is live now: a performer online or a public show on air (the hero's 'Live adesso' shows only then). */
export function useLiveNow(): boolean {
  const { presence, onAir } = useLiveFigures();
  return (presence.data?.performersOnline ?? 0) > 0 || (onAir?.length ?? 0) > 0;
}

/**
 * The hero's figures, read from the read models (docs/product.md#honest-figures): performers
 * online now, approved performers, the public shows on air and the people watching them.
 */
export function PresenceFigures() {
  const { presence, onAir } = useLiveFigures();
  const figures = [
    { label: 'Online ora', value: presence.data?.performersOnline, color: 'green.300', testId: 'hero-online' },
    { label: 'Performer', value: presence.data?.performersApproved, color: 'brand.fg', testId: 'hero-performers' },
    { label: 'Show in onda', value: onAir?.length, color: 'green.300', testId: 'hero-shows' },
    {
      label: 'Spettatori',
      value: onAir?.reduce((sum, show) => sum + show.viewerCount, 0),
      color: 'brand.fg',
      testId: 'hero-viewers',
    },
  ];
  return (
    <>
      {figures.map((figure) => (
        <Stack gap="0" key={figure.label}>
          <Text as="dd" fontSize="3xl" fontWeight="800" color={figure.color} data-testid={figure.testId}>
            {figure.value === undefined ? '–' : formatInteger(figure.value)}
          </Text>
          <Text as="dt" fontSize="sm" color="fg.muted" order={1}>
            {figure.label}
          </Text>
        </Stack>
      ))}
    </>
  );
}
