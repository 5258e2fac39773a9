import { useState, type ReactNode } from 'react';
import { Badge, Box, Button, Flex, Grid, HStack, Image, Stack, Text } from '@chakra-ui/react';
import {
  MINIMUM_SESSION_MINUTES,
  minimumSessionCost,
  scheduleLines,
  SPIES_ALLOWED_NOTICE,
  spiesAllowed,
} from '@aura/contracts';
import { formatAuracoin, formatInteger, formatMessagePrice, formatRating } from '../../../lib/format';
import type { GalleryPerformer } from '../api/gallery';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { ReportDialog, type ReportTarget } from '../../../components/moderation/report-dialog';
import { HeartIcon, MessageIcon, StarIcon, VideoIcon } from '../../../components/ui/icons';
import { CATEGORY_PALETTE } from './performer-card';
import { welcomeMinutesLine } from './welcome-minutes';

/** Who pays the minimum (docs/product.md#session-minimum): under the spec's 'Sessione minima' line. */
export const MINIMUM_SESSION_NOTE =
  `Se lasci la videochat prima di ${MINIMUM_SESSION_MINUTES} minuti ` +
  '(la chiudi, chiudi la pagina o non rientri entro 30 secondi) paghi comunque il minimo; ' +
  'non lo paghi se è lei a chiuderla o a uscire, o se non accetta.';

export const DEFAULT_BIO =
  'Ciao! Sono qui per regalarti momenti indimenticabili. Scrivimi o inizia una videochat privata con me.';

export interface ProfileDialogProps {
  performer: GalleryPerformer | null;
  onClose: () => void;
  onVideochat: () => void;
  onChat: () => void;
  /** the performer's photos for sale */
  photos?: ReactNode;
  /** her public show on now, and where to watch it */
  liveShow?: { status: 'live' | 'paused' | 'ended'; viewerCount: number; href: string } | undefined;
  /** her show playing, in place of her portrait while she is live (it starts when she goes live, without a reload) */
  liveVideo?: ReactNode;
  /** signed in: the report form asks no email ('Segnala', DSA Art. 16) */
  signedIn?: boolean;
}

/** The performer's profile (docs/product.md#gallery): opens on a card click. */
export function ProfileDialog({
  performer: p,
  onClose,
  onVideochat,
  onChat,
  photos,
  liveShow,
  liveVideo,
  signedIn = false,
}: ProfileDialogProps) {
  const playing = liveShow?.status === 'live' && liveVideo ? liveVideo : null;
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  return (
    <>
      <DialogFrame
        open={p !== null}
        onClose={onClose}
        size="xl"
        testId="profile-dialog"
        title={p ? `${p.name}${p.age !== null ? `, ${p.age} anni` : ''}` : ''}
      >
        {p ? (
          <>
            <Grid templateColumns={{ base: '1fr', md: '2fr 3fr' }} gap="5">
              <Box
                position="relative"
                rounded="xl"
                overflow="hidden"
                aspectRatio={3 / 4}
                maxH={{ base: '50vh', md: 'none' }}
                width="100%"
                bg="bg.muted"
              >
                {playing ? (
                  <Box position="absolute" inset="0" bg="black" data-testid="dialog-live-video">
                    {playing}
                  </Box>
                ) : (
                  <Image src={p.image} alt={`Foto di ${p.name}`} width="100%" height="100%" objectFit="cover" />
                )}
                <Badge
                  position="absolute"
                  top="2"
                  left="2"
                  variant="solid"
                  colorPalette={p.isOnline ? 'green' : 'gray'}
                  data-testid="dialog-presence-badge"
                >
                  {p.isOnline ? 'ONLINE' : 'OFFLINE'}
                </Badge>
                {p.isOnline && p.inPrivate ? (
                  <Badge
                    position="absolute"
                    top="2"
                    right="2"
                    variant="solid"
                    colorPalette="purple"
                    data-testid="dialog-private-badge"
                  >
                    In privato
                  </Badge>
                ) : null}
              </Box>
              <Stack gap="4">
                <HStack gap="3" flexWrap="wrap">
                  <HStack gap="1" color="gold.fg" fontWeight="semibold">
                    <StarIcon filled />
                    <span data-testid="dialog-rating">{formatRating(p.rating, p.ratingCount)}</span>
                  </HStack>
                  <Text color="fg.muted" fontSize="sm" data-testid="dialog-followers">
                    {formatInteger(p.favouritesCount)} follower
                  </Text>
                  {p.category ? (
                    <Badge colorPalette={CATEGORY_PALETTE[p.category] ?? 'gray'}>{p.category}</Badge>
                  ) : null}
                </HStack>
                <Stack gap="1">
                  <Text fontWeight="semibold">Bio</Text>
                  <Text color="fg.muted">{p.bio?.trim() ? p.bio : DEFAULT_BIO}</Text>
                </Stack>
                <Stack gap="1">
                  <Text fontWeight="semibold">Lingue</Text>
                  <HStack gap="1" flexWrap="wrap">
                    {p.languages.map((l) => (
                      <Badge key={l} variant="outline">
                        {l}
                      </Badge>
                    ))}
                  </HStack>
                </Stack>
                {p.schedule.length > 0 ? (
                  <Stack gap="1" data-testid="dialog-schedule">
                    <Text fontWeight="semibold">Quando sono online</Text>
                    {scheduleLines(p.schedule).map((line) => (
                      <Text key={line} color="fg.muted" fontSize="sm">
                        {line}
                      </Text>
                    ))}
                  </Stack>
                ) : null}
                <Box p="4" rounded="xl" bg="gold.subtle" borderWidth="1px" borderColor="gold.muted">
                  <Flex align="baseline" gap="2">
                    <Text fontSize="2xl" fontWeight="800" color="gold.fg">
                      {formatAuracoin(p.creditsPerMinute)}
                    </Text>
                    <Text color="fg.muted">auracoin/min</Text>
                  </Flex>
                  <Text fontSize="sm" color="fg.muted" data-testid="minimum-session">
                    Sessione minima: {MINIMUM_SESSION_MINUTES} minuti (
                    {formatAuracoin(minimumSessionCost(p.creditsPerMinute))} auracoin)
                  </Text>
                  <Text fontSize="sm" color="fg.muted" data-testid="welcome-minutes">
                    {welcomeMinutesLine(p.creditsPerMinute)}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" data-testid="minimum-session-note">
                    {MINIMUM_SESSION_NOTE}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" data-testid="message-price">
                    Chat: {formatMessagePrice(p.messagePrice)}
                  </Text>
                  {spiesAllowed(p.spyPrice) ? (
                    <Text fontSize="sm" color="fg.muted" data-testid="spies-allowed">
                      {SPIES_ALLOWED_NOTICE} ({formatAuracoin(p.spyPrice)} auracoin/min)
                    </Text>
                  ) : null}
                </Box>
                {liveShow ? (
                  <HStack gap="2" flexWrap="wrap" data-testid="dialog-live">
                    <Badge variant="solid" colorPalette={liveShow.status === 'live' ? 'red' : 'purple'}>
                      {liveShow.status === 'live' ? 'In onda' : 'In privato'}
                    </Badge>
                    <Text fontSize="sm" color="fg.muted">
                      {formatInteger(liveShow.viewerCount)} {liveShow.viewerCount === 1 ? 'spettatore' : 'spettatori'}
                    </Text>
                    <Button asChild size="sm" variant="outline">
                      <a href={liveShow.href}>Guarda lo show</a>
                    </Button>
                  </HStack>
                ) : null}
                <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
                  <Button flex="1" colorPalette="brand" disabled={!p.isOnline || p.inPrivate} onClick={onVideochat}>
                    <VideoIcon />
                    Inizia Videochat
                  </Button>
                  <Button flex="1" variant="outline" onClick={onChat}>
                    <MessageIcon />
                    Messaggi
                  </Button>
                </Stack>
                {p.isOnline && p.inPrivate && spiesAllowed(p.spyPrice) ? (
                  <Button asChild variant="outline" colorPalette="purple" data-testid="spy-private">
                    <a href={`/spy?performerId=${p.id}&name=${encodeURIComponent(p.name)}`}>
                      Spia lo show privato · {formatAuracoin(p.spyPrice)} auracoin/min
                    </a>
                  </Button>
                ) : null}
                {p.isOnline && p.inPrivate ? (
                  <Text fontSize="sm" color="fg.muted" role="note">
                    {p.name} è in una videochat privata: riprova tra qualche minuto, oppure scrivile un messaggio.
                  </Text>
                ) : null}
                {!p.isOnline ? (
                  <HStack p="3" rounded="lg" bg="bg.muted" gap="2" align="flex-start" role="note">
                    <Box color="brand.fg" mt="1">
                      <HeartIcon />
                    </Box>
                    <Text fontSize="sm" color="fg.muted">
                      {p.name} al momento è offline: scrivile un messaggio, lo leggerà quando torna online. Aggiungila
                      ai preferiti per ricevere una notifica quando sarà online.
                    </Text>
                  </HStack>
                ) : null}
              </Stack>
            </Grid>
            {photos}
            <Button
              size="xs"
              variant="ghost"
              mt="4"
              aria-label={`Segnala il profilo di ${p.name}`}
              onClick={() => setReporting({ kind: 'performer', id: p.id, label: `il profilo di ${p.name}` })}
            >
              Segnala
            </Button>
          </>
        ) : null}
      </DialogFrame>
      <ReportDialog target={reporting} signedIn={signedIn} onClose={() => setReporting(null)} />
    </>
  );
}
