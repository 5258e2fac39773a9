import { Box, Container, Flex, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../ui/brand-logo';
import { InstagramIcon, XLogoIcon, YouTubeIcon } from '../ui/icons';

const FOOTER_LINKS = [
  { label: 'Home', to: '/#home' },
  { label: 'Performer', to: '/#performers' },
  { label: 'Prezzi', to: '/#pricing' },
  { label: 'Chi siamo', to: '/#about' },
] as const;

/** Support and legal links have no target yet (docs/product.md#frame): they are shown, and go nowhere. */
const SUPPORT_LINKS = ['FAQ', 'Contatti', 'Centro Assistenza'] as const;
const LEGAL_LINKS = ['Privacy Policy', 'Termini di Servizio', 'Cookie Policy'] as const;
/** Icon buttons: their name is the network's (no visible letters that the name would have to contain). */
const SOCIAL = [
  { label: 'Instagram', Icon: InstagramIcon },
  { label: 'X', Icon: XLogoIcon },
  { label: 'YouTube', Icon: YouTubeIcon },
] as const;

function EmptyTargetLinks({ title, links }: { title: string; links: readonly string[] }) {
  return (
    <Box as="nav" aria-label={title}>
      <Text fontWeight="semibold" fontSize="sm" mb="3">
        {title}
      </Text>
      <Stack as="ul" gap="2" listStyleType="none">
        {links.map((label) => (
          <li key={label}>
            <Link href="#" onClick={(e) => e.preventDefault()} color="fg.muted" fontSize="sm" _hover={{ color: 'fg' }}>
              {label}
            </Link>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

export function Footer() {
  return (
    <Box as="footer" borderTopWidth="1px" borderColor="border" bg="bg.subtle" mt="auto">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py="10">
        <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" gap="8">
          <Stack gap="3" maxW="sm">
            <BrandLogo />
            <Text color="fg.muted" fontSize="sm">
              Videochat dal vivo con performer da tutto il mondo: sessioni private in alta definizione,
              privacy e pagamenti sicuri.
            </Text>
          </Stack>
          <Box as="nav" aria-label="Link del footer">
            <HStack as="ul" gap={{ base: '4', md: '6' }} flexWrap="wrap" listStyleType="none">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link asChild color="fg.muted" fontSize="sm" _hover={{ color: 'fg' }}>
                    <RouterLink to={link.to}>{link.label}</RouterLink>
                  </Link>
                </li>
              ))}
            </HStack>
          </Box>
          <EmptyTargetLinks title="Supporto" links={SUPPORT_LINKS} />
          <EmptyTargetLinks title="Legale" links={LEGAL_LINKS} />
          <HStack gap="2" align="flex-start" role="group" aria-label="Social">
            {SOCIAL.map(({ label, Icon }) => (
              <IconButton key={label} size="sm" variant="outline" rounded="full" aria-label={label} title={label} type="button">
                <Icon />
              </IconButton>
            ))}
          </HStack>
        </Flex>
        <Text mt="8" pt="6" borderTopWidth="1px" borderColor="border" color="fg.subtle" fontSize="xs">
          © {new Date().getFullYear()} Aura. Tutti i diritti riservati.
        </Text>
      </Container>
    </Box>
  );
}
