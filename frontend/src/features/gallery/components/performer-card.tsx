import { Badge, Box, Button, Card, Flex, HStack, IconButton, Image, Stack, Text } from '@chakra-ui/react';
import { formatAuracoin, formatMessagePrice, formatNumber } from '../../../lib/format';
import type { GalleryPerformer } from '../api/gallery';
import { EyeIcon, HeartIcon, MessageIcon, StarIcon, VideoIcon } from '../../../components/ui/icons';

export interface PerformerCardProps {
  performer: GalleryPerformer;
  isFavourite: boolean;
  /** real viewer count from presence (shown only while online) */
  viewers: number;
  onToggleFavourite: () => void;
  onOpen: () => void;
  onVideochat: () => void;
  onChat: () => void;
  /** into her show's room */
  onWatchShow: () => void;
  /** her public show on now: its latest frame, 'IN ONDA' with its viewers and 'Guarda lo show' */
  liveShow?: { status: 'live' | 'paused' | 'ended'; viewerCount: number; thumbnailUrl: string | null } | undefined;
}

export const CATEGORY_PALETTE: Record<string, string> = { Standard: 'gray', Premium: 'purple', VIP: 'yellow' };

/** One card of the gallery (docs/product.md#gallery Performer gallery). */
export function PerformerCard({
  performer: p,
  isFavourite,
  viewers,
  onToggleFavourite,
  onOpen,
  onVideochat,
  onChat,
  onWatchShow,
  liveShow,
}: PerformerCardProps) {
  const online = p.isOnline;
  const onShow = liveShow?.status === 'live';
  return (
    <Card.Root
      as="article"
      aria-label={p.name}
      bg="bg.panel"
      borderColor="border"
      rounded="2xl"
      overflow="hidden"
      transition="transform 0.15s, border-color 0.15s"
      _hover={{ borderColor: 'brand.muted', transform: 'translateY(-2px)' }}
      data-testid="performer-card"
      data-performer-id={p.id}
      data-online={online ? 'true' : 'false'}
      data-in-private={p.inPrivate ? 'true' : 'false'}
      data-live={liveShow ? 'true' : 'false'}
    >
      <Box position="relative" aspectRatio={3 / 4} bg="bg.muted">
        <button
          type="button"
          onClick={onOpen}
          aria-label={`Apri il profilo di ${p.name}`}
          style={{ display: 'block', width: '100%', height: '100%', cursor: 'pointer' }}
        >
          <Image
            src={(onShow && liveShow.thumbnailUrl) || p.image}
            alt=""
            width="100%"
            height="100%"
            objectFit="cover"
            loading="lazy"
            data-testid={onShow && liveShow.thumbnailUrl ? 'live-thumbnail' : undefined}
          />
        </button>
        <Box
          position="absolute"
          inset="0"
          pointerEvents="none"
          bg="linear-gradient(180deg, rgba(0,0,0,0.45) 0%, rgba(0,0,0,0) 30%, rgba(0,0,0,0) 60%, rgba(0,0,0,0.75) 100%)"
        />
        <Stack position="absolute" top="2" left="2" gap="1.5" pointerEvents="none" align="flex-start">
          <Badge
            variant="solid"
            colorPalette={online ? 'green' : 'gray'}
            fontWeight="bold"
            data-testid="presence-badge"
          >
            {online ? 'ONLINE' : 'OFFLINE'}
          </Badge>
          {onShow ? (
            <Badge variant="solid" colorPalette="red" fontWeight="bold" data-testid="live-badge">
              IN ONDA · {liveShow.viewerCount}
            </Badge>
          ) : null}
          {online && p.inPrivate ? (
            <Badge variant="solid" colorPalette="purple" fontWeight="bold" data-testid="private-badge">
              In privato
            </Badge>
          ) : null}
          {p.category ? (
            <Badge variant="solid" colorPalette={CATEGORY_PALETTE[p.category] ?? 'gray'}>
              {p.category}
            </Badge>
          ) : null}
        </Stack>
        <IconButton
          position="absolute"
          top="1.5"
          right="1.5"
          size="sm"
          rounded="full"
          variant="subtle"
          bg="rgba(0,0,0,0.5)"
          color={isFavourite ? 'brand.300' : 'white'}
          _hover={{ bg: 'rgba(0,0,0,0.7)' }}
          aria-label={isFavourite ? `Rimuovi ${p.name} dai preferiti` : `Aggiungi ${p.name} ai preferiti`}
          aria-pressed={isFavourite}
          onClick={onToggleFavourite}
          data-testid="favourite-toggle"
        >
          <HeartIcon filled={isFavourite} />
        </IconButton>
        {online ? (
          <Badge
            position="absolute"
            bottom="2"
            right="2"
            variant="solid"
            bg="rgba(0,0,0,0.6)"
            color="white"
            data-testid="viewer-badge"
          >
            <EyeIcon />
            <span aria-label={`${viewers} ${viewers === 1 ? 'spettatore' : 'spettatori'}`}>{viewers}</span>
          </Badge>
        ) : null}
        <HStack position="absolute" bottom="2" left="2" gap="1.5" pointerEvents="none">
          <Box
            width="2.5"
            height="2.5"
            rounded="full"
            bg={online ? 'green.400' : 'gray.500'}
            boxShadow={online ? '0 0 0 3px rgba(74,222,128,0.3)' : undefined}
            aria-hidden="true"
          />
        </HStack>
      </Box>
      <Card.Body p="3" gap="2">
        {/* name and age always readable on a phone: the name wraps (a long one breaks anywhere)
            rather than being cut, the age never parts from its comma, the rating moves below if needed */}
        <Flex justify="space-between" align="baseline" gap="1" columnGap="2" flexWrap="wrap">
          <Text fontWeight="bold" minW="0" overflowWrap="anywhere" data-testid="performer-name">
            {p.name}
            {p.age !== null ? (
              <Text as="span" color="fg.muted" fontWeight="normal" whiteSpace="nowrap">
                , {p.age}
              </Text>
            ) : null}
          </Text>
          <HStack gap="1" color="gold.fg" fontSize="sm" flexShrink={0} ms="auto">
            <StarIcon filled />
            <span data-testid="card-rating">
              {p.rating === null
                ? 'Nessuna recensione'
                : formatNumber(p.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
            </span>
          </HStack>
        </Flex>
        <Text fontSize="sm" color="gold.fg" fontWeight="semibold">
          {formatAuracoin(p.creditsPerMinute)} auracoin/min
        </Text>
        <Text fontSize="xs" color="fg.muted" data-testid="message-price">
          Chat: {formatMessagePrice(p.messagePrice)}
        </Text>
        {p.languages.length > 0 ? (
          <HStack gap="1" flexWrap="wrap">
            {p.languages.map((l) => (
              <Badge key={l} size="sm" variant="outline">
                {l}
              </Badge>
            ))}
          </HStack>
        ) : null}
        {onShow ? (
          <Button size="sm" colorPalette="red" onClick={onWatchShow} data-testid="watch-show">
            <EyeIcon />
            Guarda lo show
          </Button>
        ) : null}
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2" mt="auto" pt="1">
          <Button size="sm" flex="1" colorPalette="brand" disabled={!online || p.inPrivate} onClick={onVideochat}>
            <VideoIcon />
            Videochat
          </Button>
          <Button size="sm" flex="1" variant="outline" onClick={onChat}>
            <MessageIcon />
            Chat
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
