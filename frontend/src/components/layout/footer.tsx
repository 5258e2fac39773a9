import { Box, Container, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../ui/brand-logo';

const FOOTER_LINKS = [
  { label: 'Home', to: '/#home' },
  { label: 'Performer', to: '/#performers' },
  { label: 'Prezzi', to: '/#pricing' },
  { label: 'Chi siamo', to: '/#about' },
] as const;

/** Support and legal pages (docs/product.md#legal-pages). */
const SUPPORT_LINKS = [
  { label: 'FAQ', to: '/faq' },
  { label: 'Contatti', to: '/contatti' },
] as const;
const LEGAL_LINKS = [
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Termini di Servizio', to: '/termini' },
  { label: 'Cookie Policy', to: '/cookie' },
] as const;

function LinkList({ title, links }: { title: string; links: readonly { label: string; to: string }[] }) {
  return (
    <Box as="nav" aria-label={title}>
      <Text fontWeight="semibold" fontSize="sm" mb="3">
        {title}
      </Text>
      <Stack as="ul" gap="2" listStyleType="none">
        {links.map((link) => (
          <li key={link.to}>
            <Link asChild color="fg.muted" fontSize="sm" _hover={{ color: 'fg' }}>
              <RouterLink to={link.to}>{link.label}</RouterLink>
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
              Videochat dal vivo con performer da tutto il mondo: sessioni private in alta definizione, privacy e
              pagamenti sicuri.
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
          <LinkList title="Supporto" links={SUPPORT_LINKS} />
          <LinkList title="Legale" links={LEGAL_LINKS} />
        </Flex>
        <Text mt="8" pt="6" borderTopWidth="1px" borderColor="border" color="fg.subtle" fontSize="xs">
          © {new Date().getFullYear()} Aura. Tutti i diritti riservati.
        </Text>
      </Container>
    </Box>
  );
}
