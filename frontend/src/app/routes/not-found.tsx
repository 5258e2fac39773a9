import { Box, Card, Container, Heading, HStack, Text } from '@chakra-ui/react';
import { AlertIcon } from '../../components/ui/icons';

/** The fallback page; its text is English on purpose (docs/product.md#not-found). */
export function NotFoundRoute() {
  return (
    <Container maxW="lg" px="4" py={{ base: '16', md: '24' }}>
      <title>404 Page Not Found · Aura</title>
      <Card.Root bg="bg.panel" borderColor="border" rounded="2xl" lang="en">
        <Card.Body gap="4">
          <HStack gap="3">
            <Box color="fg.error" fontSize="2xl">
              <AlertIcon />
            </Box>
            <Heading as="h1" size="xl">
              404 Page Not Found
            </Heading>
          </HStack>
          <Text color="fg.muted">Did you forget to add the page to the router?</Text>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
