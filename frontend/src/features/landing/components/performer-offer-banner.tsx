import { Box, Button, Container, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { CrownIcon } from '../../../components/ui/icons';

/** The performer offer banner between the gallery and the pricing (docs/product.md#landing). */
export function PerformerOfferBanner() {
  return (
    <Box as="section" aria-labelledby="offer-title">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '14' }}>
        <Flex
          direction={{ base: 'column', md: 'row' }}
          align={{ base: 'stretch', md: 'center' }}
          justify="space-between"
          gap="6"
          p={{ base: '6', md: '10' }}
          rounded="3xl"
          // a solid plum, not a gradient: the contrast of the text on it can be computed (axe decides, never 'needs review')
          bg="panel.plum"
          borderWidth="1px"
          borderColor="brand.muted"
        >
          <Stack gap="3" maxW="2xl">
            <HStack color="gold.fg" fontWeight="semibold" gap="2">
              <CrownIcon />
              <Text>Sei una performer?</Text>
            </HStack>
            <Heading as="h2" id="offer-title" size={{ base: '2xl', md: '3xl' }}>
              Guadagna il 55% su ogni sessione
            </Heading>
            <Text color="fg.muted">
              Pagamenti settimanali, nessun costo iniziale, privacy e geoblocking. Registrati e la verifica richiede
              solo 24-48 ore.
            </Text>
          </Stack>
          <Stack gap="2" flexShrink={0}>
            <Button asChild colorPalette="brand" size="lg">
              <RouterLink to="/become-performer">Diventa Performer</RouterLink>
            </Button>
            <Button asChild variant="outline" size="lg">
              <RouterLink to="/performer/login">Area Performer</RouterLink>
            </Button>
          </Stack>
        </Flex>
      </Container>
    </Box>
  );
}
