import { Box, Button, Card, Container, Heading, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { AlertIcon } from '../../components/ui/icons';

/** The fallback page (docs/product.md#not-found): in Italian, with the way home. */
export function NotFoundRoute() {
  return (
    <Container maxW="lg" px="4" py={{ base: '16', md: '24' }}>
      <title>Pagina non trovata · Aura</title>
      <Card.Root bg="bg.panel" borderColor="border" rounded="2xl">
        <Card.Body gap="4">
          <HStack gap="3">
            <Box color="fg.error" fontSize="2xl">
              <AlertIcon />
            </Box>
            <Heading as="h1" size="xl">
              Pagina non trovata
            </Heading>
          </HStack>
          <Text color="fg.muted">L&apos;indirizzo che hai aperto non esiste o non è più disponibile.</Text>
          <Button asChild colorPalette="brand" alignSelf="flex-start">
            <RouterLink to="/">Torna alla Home</RouterLink>
          </Button>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
