import { Badge, Box, Card, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { auracoinToNextTier, nextTier, TOP_TIER_TEXT, tierFor, tierProgress, type Tier } from '@aura/contracts';
import { formatAuracoin } from '../../../lib/format';

/** The tier badge (Bronze, Silver, Gold, Platinum) in the tier's colour. */
export function LevelBadge({ totalSpent }: { totalSpent: number }) {
  const tier = tierFor(totalSpent);
  return (
    <Badge
      data-testid="level-badge"
      size="md"
      rounded="full"
      px="2.5"
      color="#1a1300"
      // the tier's solid colour (not its gradient) behind the text: axe computes its contrast (5.9:1 and more)
      bg={tier.colour}
    >
      Livello {tier.name}
      {tier.discount > 0 ? ` · -${tier.discount}%` : ''}
    </Badge>
  );
}

const progressText = (tier: Tier, next: Tier | undefined, left: number) =>
  next
    ? `Ancora ${formatAuracoin(left)} auracoin spesi per il livello ${next.name} (sconto ${next.discount}%)`
    : TOP_TIER_TEXT;

/** Progress to the next loyalty tier (docs/product.md#states): text and bar; at Platinum 'Hai raggiunto il livello massimo!'. */
export function LevelPanel({ totalSpent }: { totalSpent: number }) {
  const tier = tierFor(totalSpent);
  const next = nextTier(totalSpent);
  const progress = Math.round(tierProgress(totalSpent));
  const text = progressText(tier, next, auracoinToNextTier(totalSpent));
  return (
    <Card.Root bg="bg.panel" borderColor="border" rounded="2xl" data-testid="level-panel">
      <Card.Body gap="3">
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <HStack gap="2">
            <Box w="3" h="3" rounded="full" style={{ background: tier.gradient }} aria-hidden="true" />
            <Text as="h2" fontWeight="semibold">
              Il tuo livello: {tier.name}
            </Text>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            Auracoin spesi: {formatAuracoin(totalSpent)}
          </Text>
        </HStack>
        <Progress.Root
          value={progress}
          max={100}
          colorPalette="brand"
          size="md"
          aria-label="Progresso verso il prossimo livello"
        >
          <Progress.Track rounded="full">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Stack gap="0">
          <Text fontSize="sm" data-testid="level-progress-text">
            {text}
          </Text>
          {next ? (
            <Text fontSize="xs" color="fg.muted">
              {progress}% verso {next.name}
            </Text>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
