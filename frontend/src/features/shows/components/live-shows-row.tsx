import { Badge, Box, Flex, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ShowView } from '@aura/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { useLiveShowsFollowed } from '../../../lib/live-shows';
import { performerProfileQueryOptions } from '../../../lib/shared-queries';
import { formatNumber } from '../../../lib/format';
import { THUMBNAIL_EVERY_MS } from '../hooks/use-thumbnail-sender';

/**
 * The show's latest frame; her portrait while there is none (a show from OBS has no browser to send
 * frames, and the server decodes no video: docs/architecture.md#media-path).
 */
function ShowPicture({ show }: { show: ShowView }) {
  const profile = useQuery({ ...performerProfileQueryOptions(show.performerId), enabled: !show.thumbnailUrl });
  const src = show.thumbnailUrl ?? profile.data?.image;
  return src ? (
    <Image
      src={src}
      alt=""
      width="100%"
      height="100%"
      objectFit="cover"
      data-testid={show.thumbnailUrl ? 'live-row-thumbnail' : 'live-row-portrait'}
    />
  ) : null;
}

/**
 * The landing's 'Live adesso' row: every public show on air now, its latest frame, her name, its
 * title and viewers, each a link into the room. Hidden while nobody is on air.
 */
export function LiveShowsRow() {
  // the frames change every 15 s: read again as often
  const live = useLiveShowsFollowed(THUMBNAIL_EVERY_MS);
  const shows = (live.data ?? []).filter((show) => show.status === 'live');
  if (shows.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="live-now-title" px={{ base: '3', md: '6' }} py="6" data-testid="live-shows-row">
      <Stack gap="3" maxW="7xl" mx="auto">
        <Heading as="h2" id="live-now-title" size="lg">
          Live adesso
        </Heading>
        <Flex as="ul" gap="4" overflowX="auto" pb="2" listStyleType="none">
          {shows.map((show) => (
            <Box as="li" key={show.id} flex="0 0 auto" width={{ base: '15rem', md: '18rem' }}>
              <RouterLink
                to={`/show/${encodeURIComponent(show.performerId)}`}
                aria-label={`Guarda lo show di ${show.performerName}: ${show.title}`}
                data-testid="live-show-link"
              >
                <Box position="relative" aspectRatio={16 / 9} rounded="xl" overflow="hidden" bg="bg.muted">
                  <ShowPicture show={show} />
                </Box>
                <Flex mt="2" gap="2" align="center" wrap="wrap">
                  <Badge variant="solid" colorPalette="red" fontWeight="bold">
                    IN ONDA · {formatNumber(show.viewerCount)}
                  </Badge>
                  <Text fontWeight="bold">{show.performerName}</Text>
                </Flex>
                <Text fontSize="sm" color="fg.muted" lineClamp={1}>
                  {show.title}
                </Text>
              </RouterLink>
            </Box>
          ))}
        </Flex>
      </Stack>
    </Box>
  );
}
