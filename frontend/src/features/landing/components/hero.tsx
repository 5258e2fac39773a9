import { useState, type FormEvent, type ReactNode } from 'react';
import { Badge, Box, Button, Container, Flex, Heading, HStack, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { SearchIcon } from '../../../components/ui/icons';
import { CrownIcon, PlayIcon } from '../../../components/ui/icons';

export interface HeroProps {
  /** the visitor searched: by name, category or language (answered by the gallery) */
  onSearch: (term: string) => void;
  /** the live figures (performers online, approved performers, shows on air and their viewers), read from the read models */
  figures?: ReactNode;
  /** somebody is live now (read from the read models): the 'Live adesso' badge shows only then */
  live?: boolean;
}

/** Landing hero (docs/product.md#landing): tagline, subtitle, three calls to action, search, live figures. */
export function Hero({ onSearch, figures, live = false }: HeroProps) {
  const [term, setTerm] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(term.trim());
  };

  return (
    // solid colours under every text (no gradient nor glow): axe computes each contrast rather than leaving it for review
    <Box as="section" id="home" aria-labelledby="hero-title" position="relative" overflow="hidden" bg="panel.hero">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} pt={{ base: '12', md: '20' }} pb={{ base: '12', md: '16' }}>
        <Stack gap="6" align="center" textAlign="center" maxW="4xl" mx="auto">
          {live && (
            <Badge colorPalette="brand" variant="subtle" size="lg" rounded="full" px="3" data-testid="hero-live">
              <Box as="span" width="2" height="2" rounded="full" bg="green.400" aria-hidden="true" />
              Live adesso
            </Badge>
          )}
          <Heading
            as="h1"
            id="hero-title"
            fontSize={{ base: '4xl', sm: '5xl', md: '6xl', lg: '7xl' }}
            lineHeight="1.05"
            letterSpacing="-0.03em"
            fontWeight="800"
          >
            Live Cam Shows
            <Box as="span" display="block" color="brand.fg">
              Performance Private
            </Box>
          </Heading>
          <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="2xl">
            Esperienze esclusive con performer dal vivo da tutto il mondo: videochat private in alta definizione, in
            totale riservatezza.
          </Text>
          <Flex gap="3" wrap="wrap" justify="center">
            <Button asChild colorPalette="brand" size="lg">
              <RouterLink to="/#performers">
                <PlayIcon />
                Esplora Ora
              </RouterLink>
            </Button>
            <Button asChild variant="outline" size="lg">
              <RouterLink to="/register">Registrati Gratis</RouterLink>
            </Button>
            <Button asChild variant="ghost" size="lg" color="gold.fg">
              <RouterLink to="/become-performer">
                <CrownIcon />
                Diventa Performer
              </RouterLink>
            </Button>
          </Flex>
          <Box as="form" role="search" onSubmit={submit} width="100%" maxW="xl">
            <HStack gap="2">
              <InputGroup startElement={<SearchIcon />} startElementProps={{ color: 'fg.subtle' }} flex="1">
                <Input
                  type="search"
                  size="lg"
                  bg="bg.subtle"
                  borderColor="border.emphasized"
                  rounded="full"
                  aria-label="Cerca performer"
                  placeholder="Cerca per nome, categoria o lingua..."
                  value={term}
                  onChange={(e) => setTerm(e.target.value)}
                  data-testid="hero-search"
                />
              </InputGroup>
              <Button type="submit" size="lg" rounded="full" colorPalette="brand" variant="subtle">
                Cerca
              </Button>
            </HStack>
          </Box>
          <HStack columnGap={{ base: '8', md: '12' }} rowGap="3" flexWrap="wrap" pt="2" as="dl">
            {figures}
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}
