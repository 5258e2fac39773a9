import { Box, Button, Card, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { AlertIcon } from '../../components/ui/icons';

/** Shown inside the layout when a page fails to load or render (e.g. a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status}: ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;

  return (
    <Container maxW="lg" px="4" py={{ base: '16', md: '24' }}>
      <title>Errore · Aura</title>
      <Card.Root bg="bg.panel" borderColor="border" rounded="2xl" role="alert">
        <Card.Body>
          <Stack gap="4" align="flex-start">
            <Box color="fg.error" fontSize="2xl">
              <AlertIcon />
            </Box>
            <Heading as="h1" size="xl">
              Si è verificato un errore
            </Heading>
            <Text color="fg.muted">La pagina non può essere mostrata. Ricarica per riprovare.</Text>
            {detail ? (
              <Text fontSize="sm" color="fg.subtle" fontFamily="mono" wordBreak="break-word">
                {detail}
              </Text>
            ) : null}
            <Button colorPalette="brand" onClick={() => window.location.reload()}>
              Ricarica la pagina
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
