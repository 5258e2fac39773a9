import { Box, Container, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../ui/brand-logo';

const FOOTER_LINKS = [
  { label: 'Home', to: '/#home' },
  { label: 'Performer', to: '/#performers' },
  { label: 'Prezzi', to: '/#pricing' },
  { label: 'Chi siamo', to: '/#about' },
] as const;

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
        </Flex>
        <Text mt="8" pt="6" borderTopWidth="1px" borderColor="border" color="fg.subtle" fontSize="xs">
          © {new Date().getFullYear()} Aura. Tutti i diritti riservati.
        </Text>
      </Container>
    </Box>
  );
}
