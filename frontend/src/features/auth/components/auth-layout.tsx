import type { ReactNode } from 'react';
import { Box, Card, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowLeftIcon } from '../../../components/ui/icons';

export interface AuthLayoutProps {
  title: string;
  subtitle: string;
  /** shown above the title (e.g. the "Registrazione Gratuita" badge) */
  eyebrow?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** A centred card for the sign-in and sign-up pages, with the back link home. */
export function AuthLayout({ title, subtitle, eyebrow, children, footer }: AuthLayoutProps) {
  return (
    <Container maxW="md" px={{ base: '4', sm: '6' }} py={{ base: '8', md: '14' }}>
      <Link asChild color="fg.muted" fontSize="sm" mb="5" _hover={{ color: 'fg' }} display="inline-flex" gap="1.5">
        <RouterLink to="/">
          <ArrowLeftIcon />
          Torna alla Home
        </RouterLink>
      </Link>
      <Card.Root
        bg="bg.panel"
        borderColor="border"
        rounded="2xl"
        boxShadow="0 24px 64px -24px rgba(212, 22, 95, 0.35)"
        overflow="hidden"
      >
        <Box height="1" bgImage="brand" aria-hidden="true" />
        <Card.Header gap="2" textAlign="center" alignItems="center" pt="8">
          {eyebrow}
          <Heading as="h1" size="2xl" letterSpacing="-0.02em">
            {title}
          </Heading>
          <Text color="fg.muted">{subtitle}</Text>
        </Card.Header>
        <Card.Body>
          <Stack gap="5">{children}</Stack>
        </Card.Body>
        {footer ? (
          <Card.Footer justifyContent="center" flexDirection="column" gap="3" pb="8" textAlign="center">
            {footer}
          </Card.Footer>
        ) : null}
      </Card.Root>
    </Container>
  );
}
