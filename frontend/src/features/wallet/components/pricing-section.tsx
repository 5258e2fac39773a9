import { Box, Button, Card, Container, Grid, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useStoredUser } from '../../../lib/session-storage';
import { CoinIcon, GiftIcon, LockIcon } from '../../../components/ui/icons';
import { PackagesGrid } from './packages-grid';

const HOW_IT_WORKS = [
  'Registrati gratis, senza carta di credito',
  'Acquista un pacchetto di auracoin',
  'Gli auracoin non scadono mai',
  'Fino al 20% di sconto sui pacchetti più grandi',
];

/**
 * The home page's pricing section (anchor #pricing, docs/product.md#buying): package cards only for a signed-in
 * user (the Acquista buttons have no handler here), otherwise a card inviting to sign in; then
 * 'Come Funziona'.
 */
export function PricingSection() {
  const user = useStoredUser();
  return (
    <Box as="section" id="pricing" aria-labelledby="pricing-title" py={{ base: '14', md: '20' }} scrollMarginTop="20">
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Stack gap="3" textAlign="center" mb="10">
          <Heading id="pricing-title" as="h2" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
            Pacchetti Auracoin
          </Heading>
          <Text color="fg.muted">1 auracoin = 1 minuto di videochat privata.</Text>
        </Stack>

        {user ? (
          <PackagesGrid />
        ) : (
          <Card.Root maxW="xl" mx="auto" rounded="2xl" bg="bg.panel" borderColor="border" data-testid="pricing-login-card">
            <Card.Body gap="4" textAlign="center" alignItems="center">
              <Box color="brand.fg" fontSize="3xl" aria-hidden="true">
                <LockIcon />
              </Box>
              <Heading as="h3" size="lg">
                Accedi per Vedere i Pacchetti
              </Heading>
              <Text color="fg.muted">Registrati o accedi per scoprire i pacchetti auracoin e i loro prezzi.</Text>
              <HStack gap="3" flexWrap="wrap" justify="center">
                <Button asChild colorPalette="brand">
                  <RouterLink to="/register">Registrati Gratis</RouterLink>
                </Button>
                <Button asChild variant="outline">
                  <RouterLink to="/login">Accedi</RouterLink>
                </Button>
              </HStack>
              <HStack gap="2" color="gold.fg" fontSize="sm">
                <GiftIcon />
                <Text>Ricevi 10 auracoin gratis di benvenuto alla registrazione!</Text>
              </HStack>
            </Card.Body>
          </Card.Root>
        )}

        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="6" mt="12" alignItems="start">
          <Card.Root rounded="2xl" bg="bg.panel" borderColor="border">
            <Card.Body gap="3">
              <Heading as="h3" size="md">
                Come Funziona
              </Heading>
              <List.Root gap="2" variant="plain">
                {HOW_IT_WORKS.map((step) => (
                  <List.Item key={step} alignItems="center" gap="2">
                    <List.Indicator asChild color="gold.fg">
                      <CoinIcon />
                    </List.Indicator>
                    {step}
                  </List.Item>
                ))}
              </List.Root>
            </Card.Body>
          </Card.Root>
          <Card.Root rounded="2xl" bg="bg.panel" borderColor="border">
            <Card.Body gap="2">
              <HStack gap="2">
                <LockIcon />
                <Heading as="h3" size="md">
                  Pagamenti sicuri
                </Heading>
              </HStack>
              <Text color="fg.muted">
                I pagamenti sono gestiti da un fornitore di pagamenti con carta: i dati della tua carta non passano mai dai nostri server.
              </Text>
            </Card.Body>
          </Card.Root>
        </Grid>
      </Container>
    </Box>
  );
}
