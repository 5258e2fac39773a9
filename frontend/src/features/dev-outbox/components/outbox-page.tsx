import { Box, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../../lib/format';
import { useOutbox } from '../api/outbox';

/** Turns the links in a plain-text mail into links. */
function withLinks(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, index) =>
    /^https?:\/\//.test(part) ? (
      <Link key={index} href={part} color="brand.fg" wordBreak="break-all">
        {part}
      </Link>
    ) : (
      part
    ),
  );
}

/** /dev/outbox: the mail the embedded mode wrote instead of sending it (development only). */
export function OutboxPage() {
  const outbox = useOutbox();
  return (
    <Container maxW="3xl" px="4" py={{ base: '8', md: '12' }}>
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          Posta in uscita (sviluppo)
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Senza SMTP_URL le email sono scritte come file .eml in DATA_DIR/outbox e mostrate qui. In produzione questa
          pagina non esiste.
        </Text>
        {outbox.isError ? (
          <Text role="alert">Posta in uscita non disponibile.</Text>
        ) : outbox.data?.messages.length === 0 ? (
          <Text>Nessuna email.</Text>
        ) : (
          outbox.data?.messages.map((message) => (
            <Box
              as="article"
              key={message.id}
              p="4"
              rounded="xl"
              borderWidth="1px"
              borderColor="border"
              data-testid="outbox-message"
            >
              <Text fontWeight="bold">{message.subject}</Text>
              <Text fontSize="sm" color="fg.muted">
                A: {message.to} · {message.sentAt ? formatDateTime(message.sentAt) : ''}
              </Text>
              <Text mt="3" whiteSpace="pre-wrap">
                {withLinks(message.text)}
              </Text>
            </Box>
          ))
        )}
      </Stack>
    </Container>
  );
}
