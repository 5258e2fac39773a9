import { NoticesCard } from './notices-card';
import { useState, type ReactNode } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Field,
  Flex,
  Grid,
  Heading,
  HStack,
  Image,
  Input,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  averageSessionMinutes,
  DAILY_TARGET_STEP_MINUTES,
  earningsForecast,
  ratingLabel,
  PERFORMER_SHARE_PERCENT,
  type PerformerView,
} from '@aura/contracts';
import { errorMessage } from '../../../lib/api-client';
import { formatAuracoin, formatEuro, formatInteger, formatMessagePrice, formatRating } from '../../../lib/format';
import { notify } from '../../../components/ui/toaster';
import { useEarnings, useUpdatePerformer } from '../api/performer';
import { readDailyTarget, writeDailyTarget } from './daily-target';
import { EarningsChart } from './earnings-chart';
import { StatCard } from '../../../components/ui/stat-card';

/** The bio's message when the server refuses it. */
const BIO_FIELD = { bio: 'Bio troppo lunga (massimo 2000 caratteri)' } as const;

/** The Dashboard tab of /performer/dashboard (docs/product.md#performer-dashboard). */
export function OverviewTab({ performer, messages }: { performer: PerformerView; messages: ReactNode }) {
  const update = useUpdatePerformer(performer.id);
  const earnings = useEarnings(performer.id);
  const [target, setTarget] = useState(() => readDailyTarget(performer.id));
  const [editingBio, setEditingBio] = useState(false);
  const [bio, setBio] = useState(performer.bio ?? '');
  const forecast = earningsForecast(target, performer.creditsPerMinute);
  const avg = averageSessionMinutes(performer.totalOnlineMinutes, performer.totalSessions);

  const saveBio = () =>
    update.mutate(
      { bio },
      {
        onSuccess: () => {
          setEditingBio(false);
          notify({ type: 'success', title: 'Bio aggiornata!' });
        },
        onError: (error) =>
          notify({ type: 'error', title: 'Errore', description: errorMessage(error, { fields: BIO_FIELD }) }),
      },
    );

  const switchOnline = (isOnline: boolean) =>
    update.mutate(
      { isOnline },
      {
        onSuccess: () =>
          notify(
            isOnline
              ? { type: 'success', title: 'Sei online!', description: 'I clienti possono vedere che sei disponibile' }
              : { type: 'info', title: 'Sei offline', description: 'I clienti ti vedono offline' },
          ),
        onError: (error) => notify({ type: 'error', title: 'Errore', description: errorMessage(error) }),
      },
    );

  return (
    <Stack gap="5">
      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="5">
        <Card.Root bg="bg.panel" borderColor="border" rounded="2xl">
          <Card.Body gap="4">
            <Flex gap="4" direction={{ base: 'column', sm: 'row' }}>
              <Image
                src={performer.image}
                alt={`Foto di ${performer.name}`}
                boxSize="28"
                rounded="xl"
                objectFit="cover"
                flexShrink={0}
              />
              <Stack gap="2" flex="1" minW="0">
                <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
                  <Stack gap="0">
                    <Heading as="h2" size="xl">
                      {performer.name}
                    </Heading>
                    <Text color="fg.muted" fontSize="sm">
                      {performer.age !== null ? `${performer.age} anni · ` : ''}★{' '}
                      {formatRating(performer.rating, performer.ratingCount)} ·{' '}
                      {formatInteger(performer.favouritesCount)} follower
                    </Text>
                  </Stack>
                  <Switch.Root
                    checked={performer.isOnline}
                    disabled={update.isPending}
                    onCheckedChange={(e) => switchOnline(e.checked)}
                    colorPalette="green"
                    data-testid="online-switch"
                  >
                    <Switch.HiddenInput />
                    <Switch.Control />
                    {/* named by what it does, the same whether on or off (its checked state says which); the badge shows the state */}
                    <Switch.Label srOnly>Disponibile per videochat e chat</Switch.Label>
                    <Badge
                      colorPalette={performer.isOnline ? 'green' : 'gray'}
                      variant="solid"
                      aria-hidden="true"
                      data-testid="own-presence"
                    >
                      {performer.isOnline ? 'Online' : 'Offline'}
                    </Badge>
                  </Switch.Root>
                </HStack>
                <HStack gap="1" flexWrap="wrap">
                  {performer.languages.map((l) => (
                    <Badge key={l} variant="outline">
                      {l}
                    </Badge>
                  ))}
                </HStack>
              </Stack>
            </Flex>
            <Stack gap="2">
              <HStack justify="space-between">
                <Text fontWeight="semibold">Bio</Text>
                {editingBio ? (
                  <Button size="xs" colorPalette="brand" onClick={saveBio} loading={update.isPending}>
                    Salva
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() => {
                      setBio(performer.bio ?? '');
                      setEditingBio(true);
                    }}
                  >
                    Modifica
                  </Button>
                )}
              </HStack>
              {editingBio ? (
                <Textarea
                  aria-label="Bio"
                  value={bio}
                  onChange={(e) => setBio(e.currentTarget.value)}
                  rows={4}
                  bg="bg.subtle"
                  autoFocus
                />
              ) : (
                <Text color="fg.muted" fontSize="sm" whiteSpace="pre-wrap">
                  {performer.bio?.trim() ? performer.bio : 'Nessuna bio: clicca Modifica per presentarti.'}
                </Text>
              )}
            </Stack>
          </Card.Body>
        </Card.Root>

        <Card.Root
          rounded="2xl"
          borderColor="gold.muted"
          // a solid gold tint, not a gradient: axe computes the contrast of the text on it
          bg="panel.gold"
        >
          <Card.Body gap="3">
            <Heading as="h2" size="md">
              Previsione guadagni
            </Heading>
            <Field.Root>
              <Field.Label>Obiettivo giornaliero (minuti)</Field.Label>
              <Input
                type="number"
                min={0}
                step={DAILY_TARGET_STEP_MINUTES}
                value={target}
                bg="bg.subtle"
                onChange={(e) => {
                  const value = Math.max(0, Number(e.currentTarget.value) || 0);
                  setTarget(value);
                  writeDailyTarget(performer.id, value);
                }}
                data-testid="daily-target"
              />
            </Field.Root>
            {/* three equal boxes while their amounts fit on one line; a box too narrow for its
                amount moves to the next row whole, an amount never breaks inside */}
            <Flex wrap="wrap" gap="2" textAlign="center">
              {(
                [
                  ['Giornaliero', forecast.daily],
                  ['Settimanale', forecast.weekly],
                  ['Mensile', forecast.monthly],
                ] as const
              ).map(([label, value]) => (
                <Box key={label} p="2" rounded="lg" bg="bg.muted" flex="1 1 0" minW="max-content">
                  <Text fontSize="xs" color="fg.muted">
                    {label}
                  </Text>
                  <Text
                    fontWeight="800"
                    color="gold.fg"
                    fontSize={{ base: 'sm', sm: 'md' }}
                    whiteSpace="nowrap"
                    fontVariantNumeric="tabular-nums"
                    data-testid="forecast-amount"
                  >
                    {formatEuro(value)}
                  </Text>
                </Box>
              ))}
            </Flex>
            <Text fontSize="xs" color="fg.muted">
              La tua quota del {PERFORMER_SHARE_PERCENT}% di {formatInteger(target)} minuti ×{' '}
              {formatAuracoin(performer.creditsPerMinute)} auracoin/min (1 auracoin = 1 €)
            </Text>
          </Card.Body>
        </Card.Root>
      </Grid>

      <Grid templateColumns={{ base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }} gap="4">
        {/* the total and the chart beside it read one read model (her earnings), kept live by its push */}
        <StatCard
          label="Guadagni totali"
          value={earnings.data ? formatEuro(earnings.data.totalEarnings) : '–'}
          testId="total-earnings"
        />
        <StatCard label="Minuti online" value={formatInteger(performer.totalOnlineMinutes)} />
        <StatCard label="Sessioni" value={formatInteger(performer.totalSessions)} testId="performer-total-sessions" />
        <StatCard label="Durata media sessione" value={`${avg} min`} />
      </Grid>

      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="5">
        <Card.Root bg="bg.panel" borderColor="border" rounded="2xl">
          <Card.Body gap="3">
            <HStack justify="space-between" flexWrap="wrap">
              <Heading as="h2" size="md">
                Guadagni ultimi 30 giorni
              </Heading>
              <Badge colorPalette="yellow">{ratingLabel(performer.rating)}</Badge>
            </HStack>
            {earnings.data ? <EarningsChart days={earnings.data.days} /> : <Text color="fg.muted">Caricamento...</Text>}
          </Card.Body>
        </Card.Root>
        <Stack gap="5">
          <Card.Root bg="bg.panel" borderColor="border" rounded="2xl">
            <Card.Body gap="1">
              <Heading as="h2" size="md">
                Tariffe
              </Heading>
              <Text fontSize="2xl" fontWeight="800" color="gold.fg">
                {formatAuracoin(performer.creditsPerMinute)} auracoin/min
              </Text>
              <Text color="fg.muted" fontSize="sm">
                = {formatEuro(performer.creditsPerMinute)} al minuto
              </Text>
              <Text color="fg.muted" fontSize="sm" data-testid="message-price">
                Chat: {formatMessagePrice(performer.messagePrice)}
              </Text>
            </Card.Body>
          </Card.Root>
          <Card.Root bg="bg.panel" borderColor="border" rounded="2xl">
            <Card.Body gap="1">
              <Heading as="h2" size="md">
                Messaggi
              </Heading>
              {messages}
            </Card.Body>
          </Card.Root>
        </Stack>
      </Grid>
      <NoticesCard performerId={performer.id} />
    </Stack>
  );
}
