import { useCallback } from 'react';
import { Box, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { GiftIcon } from '../../../components/ui/icons';
import { queryKeys } from '../../../lib/query-keys';
import { useCurrentOffer } from '../api/offers';
import { formatCountdown } from '../hooks/countdown';
import { useCountdown, useHasEnded } from '../hooks/use-countdown';

/**
 * The limited-offer banner (docs/product.md#constants): 'Offerta Limitata!' / '+N% auracoin bonus su tutti i
 * pacchetti' with a live countdown. Shown only while an admin-defined offer runs: no fake urgency. Only
 * the countdown's figures are drawn again each second (`OfferCountdown`).
 */
export function OfferBanner() {
  const queryClient = useQueryClient();
  const { data: offer } = useCurrentOffer();
  const onEnd = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.offers.current }),
    [queryClient],
  );
  const ended = useHasEnded(offer?.endsAt, onEnd);
  if (!offer || ended) return null;
  return (
    <Box
      role="region"
      aria-label="Offerta limitata"
      data-testid="offer-banner"
      rounded="2xl"
      p={{ base: '4', md: '5' }}
      // a solid wine, not a gradient: axe computes the contrast of the text on it (theme-contrast.spec.ts checks it)
      bg="panel.offer"
      borderWidth="1px"
      borderColor="gold.muted"
    >
      <Flex
        gap="4"
        align={{ base: 'flex-start', sm: 'center' }}
        justify="space-between"
        direction={{ base: 'column', sm: 'row' }}
      >
        <HStack gap="3" align="center">
          <Box fontSize="2xl" color="gold.fg" aria-hidden="true">
            <GiftIcon />
          </Box>
          <Stack gap="0">
            <Text fontWeight="800" fontSize="lg" color="white">
              Offerta Limitata!
            </Text>
            <Text color="white">+{offer.bonusPercent}% auracoin bonus su tutti i pacchetti</Text>
          </Stack>
        </HStack>
        <Stack gap="0" align={{ base: 'flex-start', sm: 'flex-end' }}>
          <Text fontSize="xs" color="whiteAlpha.900" textTransform="uppercase" letterSpacing="wider">
            Termina tra
          </Text>
          <OfferCountdown endsAt={offer.endsAt} />
        </Stack>
      </Flex>
    </Box>
  );
}

/** The seconds left, the one part of the banner that changes each second. */
function OfferCountdown({ endsAt }: { endsAt: string }) {
  const left = useCountdown(endsAt);
  return (
    <Text
      fontSize="2xl"
      fontWeight="800"
      fontVariantNumeric="tabular-nums"
      color="gold.fg"
      data-testid="offer-countdown"
      aria-live="off"
    >
      {formatCountdown(left)}
    </Text>
  );
}

/** The running offer's bonus percent (0 when none), for pricing the package cards. */
export function useOfferBonusPercent(): number {
  const { data: offer } = useCurrentOffer();
  const ended = useHasEnded(offer?.endsAt);
  return offer && !ended ? offer.bonusPercent : 0;
}
