import { Box, Button, Container, Flex, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { COOKIE_NOTICE_KEY, useRemembered } from '../hooks/use-remembered';

/** The cookie notice (docs/product.md#age-gate): Aura sets one technical cookie, so there is nothing to consent to, only to know. */
export function CookieNotice() {
  const [seen, dismiss] = useRemembered(COOKIE_NOTICE_KEY);
  if (seen) return null;
  return (
    <Box
      as="section"
      aria-label="Avviso sui cookie"
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="banner"
      bg="bg.panel"
      borderTopWidth="1px"
      borderColor="border"
      boxShadow="lg"
      data-testid="cookie-notice"
      css={{ '@media print': { display: 'none' } }}
    >
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py="3">
        <Flex
          gap="3"
          align={{ base: 'stretch', md: 'center' }}
          direction={{ base: 'column', md: 'row' }}
          justify="space-between"
        >
          <Text fontSize="sm">
            Aura usa solo cookie tecnici necessari al funzionamento del sito, nessun cookie di profilazione o di terze
            parti.{' '}
            <Link asChild color="brand.fg" textDecoration="underline">
              <RouterLink to="/cookie">Cookie policy</RouterLink>
            </Link>
          </Text>
          <Button size="sm" colorPalette="brand" onClick={dismiss} flexShrink={0}>
            Ho capito
          </Button>
        </Flex>
      </Container>
    </Box>
  );
}
