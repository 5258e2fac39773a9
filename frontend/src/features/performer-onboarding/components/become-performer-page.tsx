import type { ReactNode } from 'react';
import { Badge, Box, Button, Card, Container, Flex, Grid, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

const Shield = () => (
  <svg
    viewBox="0 0 24 24"
    width="1em"
    height="1em"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
  </svg>
);

// a drawn star, not the '★' character: axe cannot compute the contrast of a symbol glyph and leaves it for review
const Star = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true">
    <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
  </svg>
);

const BENEFITS: { title: string; text: string; icon: ReactNode }[] = [
  {
    icon: '€',
    title: 'Guadagni Massimi',
    text: 'Il 55% di ogni sessione, foto venduta e messaggio va direttamente a te.',
  },
  { icon: '⚡', title: 'Pagamenti Veloci', text: 'Pagamenti settimanali, puntuali e trasparenti.' },
  {
    icon: <Shield />,
    title: 'Sicurezza e Privacy',
    text: 'Geoblocking per paese, blocco degli utenti e dati protetti.',
  },
  { icon: <Star />, title: 'Community Premium', text: 'Utenti selezionati che cercano esperienze esclusive.' },
  { icon: '0', title: 'Zero Costi Iniziali', text: 'Nessun costo di iscrizione né di attivazione: inizi gratis.' },
  { icon: '⚙', title: 'Controllo Totale', text: 'Decidi tu tariffe, orari e contenuti della tua galleria.' },
];

const STEPS = [
  { title: 'Registrati e Verifica', text: 'Compila il modulo e carica un documento: la verifica richiede 24-48 ore.' },
  { title: 'Crea il tuo Profilo', text: 'Aggiungi foto, bio, lingue e la tua tariffa al minuto.' },
  { title: 'Inizia a Guadagnare', text: 'Vai online e ricevi videochat private, messaggi e vendite di foto.' },
];

const REQUIRED = [
  'Età minima 18 anni, verificata tramite documento',
  "Documento d'identità valido",
  'Webcam HD e connessione stabile',
  'Conto bancario o carta per i pagamenti',
];

const RECOMMENDED = [
  'Atteggiamento professionale',
  'Almeno 10 ore a settimana di disponibilità',
  'Ambiente privato e riservato',
  'Buona illuminazione',
];

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Stack as="section" gap="6" aria-labelledby={id}>
      <Heading as="h2" id={id} size={{ base: 'xl', md: '2xl' }} textAlign="center">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function CallsToAction() {
  return (
    <Flex gap="3" wrap="wrap" justify="center">
      <Button asChild colorPalette="brand" size="lg">
        <RouterLink to="/performer/register">Inizia la Registrazione</RouterLink>
      </Button>
      <Button asChild variant="outline" size="lg">
        <RouterLink to="/performer/login">Hai già un account? Accedi</RouterLink>
      </Button>
    </Flex>
  );
}

/** /become-performer (docs/product.md#performer-registration Performer area). */
export function BecomePerformerPage() {
  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
      <Stack gap={{ base: '12', md: '16' }}>
        <Stack gap="5" align="center" textAlign="center">
          <Badge colorPalette="gold" variant="subtle" size="lg" rounded="full">
            Programma Performer
          </Badge>
          <Heading as="h1" fontSize={{ base: '3xl', sm: '4xl', md: '6xl' }} lineHeight="1.1" letterSpacing="-0.02em">
            Diventa Performer su{' '}
            <Box as="span" color="brand.fg">
              Aura
            </Box>
          </Heading>
          <Text fontSize={{ base: 'md', md: 'xl' }} color="fg.muted" maxW="2xl">
            Trasforma il tuo talento in guadagno: lavora da casa, con i tuoi orari, su una piattaforma premium che
            protegge la tua privacy.
          </Text>
          <CallsToAction />
        </Stack>

        <Card.Root rounded="3xl" borderColor="brand.muted" bg="panel.plum" data-testid="offer-card">
          <Card.Body>
            <Stack gap="4" align="center" textAlign="center">
              <Heading as="h2" size="lg">
                La nostra offerta
              </Heading>
              <HStack gap={{ base: '6', md: '16' }} justify="center">
                <Stack gap="0">
                  <Text fontSize={{ base: '5xl', md: '7xl' }} fontWeight="800" color="gold.fg" lineHeight="1">
                    55%
                  </Text>
                  <Text color="fg.muted">a te, Performer</Text>
                </Stack>
                <Stack gap="0">
                  <Text fontSize={{ base: '3xl', md: '5xl' }} fontWeight="700" color="fg.muted" lineHeight="1.2">
                    45%
                  </Text>
                  <Text color="fg.muted">alla piattaforma</Text>
                </Stack>
              </HStack>
              <Text color="fg.muted" fontSize="sm">
                Su ogni sessione, foto venduta e messaggio. 1 auracoin = 1 euro.
              </Text>
            </Stack>
          </Card.Body>
        </Card.Root>

        <Section title="Perché scegliere Aura" id="benefits-title">
          <Grid
            as="ul"
            listStyleType="none"
            templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}
            gap="5"
          >
            {BENEFITS.map((b) => (
              <Card.Root as="li" key={b.title} bg="bg.panel" borderColor="border" rounded="2xl">
                <Card.Body gap="3">
                  <Box
                    width="12"
                    height="12"
                    rounded="xl"
                    display="grid"
                    placeItems="center"
                    bg="brand.subtle"
                    color="brand.fg"
                    fontSize="xl"
                    fontWeight="800"
                    aria-hidden="true"
                  >
                    {b.icon}
                  </Box>
                  <Heading as="h3" size="md">
                    {b.title}
                  </Heading>
                  <Text color="fg.muted" fontSize="sm">
                    {b.text}
                  </Text>
                </Card.Body>
              </Card.Root>
            ))}
          </Grid>
        </Section>

        <Section title="Come funziona" id="steps-title">
          <Grid as="ol" listStyleType="none" templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="5">
            {STEPS.map((s, i) => (
              <Card.Root as="li" key={s.title} bg="bg.panel" borderColor="border" rounded="2xl">
                <Card.Body gap="3">
                  <Box
                    width="10"
                    height="10"
                    rounded="full"
                    display="grid"
                    placeItems="center"
                    bg="brand.solid"
                    color="white"
                    fontWeight="800"
                  >
                    {i + 1}
                  </Box>
                  <Heading as="h3" size="md">
                    {s.title}
                  </Heading>
                  <Text color="fg.muted" fontSize="sm">
                    {s.text}
                  </Text>
                </Card.Body>
              </Card.Root>
            ))}
          </Grid>
        </Section>

        <Section title="Requisiti" id="requirements-title">
          <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="5">
            <Card.Root bg="bg.panel" borderColor="border" rounded="2xl">
              <Card.Body gap="3">
                <Heading as="h3" size="md">
                  Obbligatori
                </Heading>
                <List.Root gap="2" ps="5">
                  {REQUIRED.map((r) => (
                    <List.Item key={r}>{r}</List.Item>
                  ))}
                </List.Root>
              </Card.Body>
            </Card.Root>
            <Card.Root bg="bg.panel" borderColor="border" rounded="2xl">
              <Card.Body gap="3">
                <Heading as="h3" size="md">
                  Consigliati
                </Heading>
                <List.Root gap="2" ps="5">
                  {RECOMMENDED.map((r) => (
                    <List.Item key={r}>{r}</List.Item>
                  ))}
                </List.Root>
              </Card.Body>
            </Card.Root>
          </Grid>
        </Section>

        <Stack gap="4" align="center" textAlign="center">
          <Heading as="h2" size="xl">
            Pronta a iniziare?
          </Heading>
          <CallsToAction />
        </Stack>
      </Stack>
    </Container>
  );
}
