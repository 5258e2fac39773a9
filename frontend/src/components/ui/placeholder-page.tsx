import { Badge, Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { SparklesIcon } from './icons';

/** A page whose content arrives in a later issue: its heading, inside the common layout. */
export interface PlaceholderPageProps {
  title: string;
  description?: string;
  /** show the way back home (not on the home page itself) */
  showHomeLink?: boolean;
}

export function PlaceholderPage({ title, description, showHomeLink = true }: PlaceholderPageProps) {
  return (
    <Container maxW="3xl" py={{ base: '16', md: '24' }}>
      <title>{`${title} · Aura`}</title>
      <Stack
        gap="5"
        align="center"
        textAlign="center"
        bg="bg.panel"
        borderWidth="1px"
        borderColor="border"
        rounded="2xl"
        px={{ base: '6', md: '12' }}
        py={{ base: '10', md: '14' }}
      >
        <Box fontSize="3xl" color="brand.fg">
          <SparklesIcon />
        </Box>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          {title}
        </Heading>
        <Text color="fg.muted" maxW="md">
          {description ?? 'Questa sezione è in arrivo. Torna a trovarci presto!'}
        </Text>
        <Badge colorPalette="brand" variant="subtle" size="lg">
          In arrivo
        </Badge>
        {showHomeLink ? (
          <Button asChild variant="outline" mt="2">
            <RouterLink to="/">Torna alla Home</RouterLink>
          </Button>
        ) : null}
      </Stack>
    </Container>
  );
}
