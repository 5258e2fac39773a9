import { Box, Card, Container, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { CardIcon, ClockIcon, GlobeIcon, ShieldIcon, StarIcon, VideoIcon } from '../../../components/ui/icons';

const FEATURES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <ShieldIcon />,
    title: 'Privacy Garantita',
    text: 'La tua identità resta riservata: puoi usare un alias in ogni sessione.',
  },
  { icon: <ClockIcon />, title: 'Disponibile 24/7', text: 'Performer online a ogni ora del giorno e della notte.' },
  { icon: <StarIcon />, title: 'Qualità Premium', text: 'Streaming in alta definizione, senza interruzioni.' },
  { icon: <VideoIcon />, title: 'Sessioni Private', text: 'Videochat uno a uno, solo tu e la performer che scegli.' },
  { icon: <GlobeIcon />, title: 'Senza Confini', text: 'Performer da tutto il mondo, in tante lingue diverse.' },
  {
    icon: <CardIcon />,
    title: 'Pagamenti Sicuri',
    text: 'Paghi con carta tramite un fornitore di pagamenti certificato.',
  },
];

/** The six feature cards of the landing page (docs/product.md#landing). */
export function FeaturesSection() {
  return (
    <Box as="section" id="about" aria-labelledby="features-title">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '12', md: '16' }}>
        <Stack gap="2" textAlign="center" mb="10">
          <Heading as="h2" id="features-title" size={{ base: '2xl', md: '3xl' }}>
            Perché scegliere Aura
          </Heading>
          <Text color="fg.muted">Un&apos;esperienza esclusiva, pensata per la tua privacy.</Text>
        </Stack>
        <Grid
          as="ul"
          listStyleType="none"
          templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}
          gap="5"
        >
          {FEATURES.map((f) => (
            <Card.Root
              as="li"
              key={f.title}
              bg="bg.panel"
              borderColor="border"
              rounded="2xl"
              _hover={{ borderColor: 'brand.muted' }}
            >
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
                >
                  {f.icon}
                </Box>
                <Heading as="h3" size="md">
                  {f.title}
                </Heading>
                <Text color="fg.muted" fontSize="sm">
                  {f.text}
                </Text>
              </Card.Body>
            </Card.Root>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}
