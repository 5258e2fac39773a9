import { Box, Container, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { INFO_PAGES, STORED_ITEMS, SUPPORT_EMAIL, type InfoPageName } from './legal-texts';

/** Marks e-mail addresses in a paragraph as mailto links. */
function withMailLinks(text: string) {
  return text.split(/(\S+@\S+\.example)/).map((part, i) =>
    /@/.test(part) ? (
      <Link key={i} href={`mailto:${part}`} color="brand.fg" textDecoration="underline">
        {part}
      </Link>
    ) : (
      part
    ),
  );
}

/** /privacy, /termini, /cookie, /faq, /contatti (docs/product.md#legal-pages). */
export function InfoPageView({ name }: { name: InfoPageName }) {
  const page = INFO_PAGES[name];
  return (
    <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
      <title>{`${page.title} · Aura`}</title>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            {page.title}
          </Heading>
          <Text color="fg.muted">{page.intro}</Text>
        </Stack>
        {page.sections.map((section) => (
          <Box as="section" key={section.heading}>
            <Heading as="h2" size="md" mb="2">
              {section.heading}
            </Heading>
            <Stack gap="2">
              {section.paragraphs.map((paragraph) => (
                <Text key={paragraph}>{withMailLinks(paragraph)}</Text>
              ))}
            </Stack>
          </Box>
        ))}
        {name === 'cookie' ? (
          <Box as="section">
            <Heading as="h2" size="md" mb="2">
              Elenco completo
            </Heading>
            <Table.ScrollArea tabIndex={0} aria-label="Cookie e memoria locale usati da Aura">
              <Table.Root size="sm" data-testid="stored-items">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Nome</Table.ColumnHeader>
                    <Table.ColumnHeader>Tipo</Table.ColumnHeader>
                    <Table.ColumnHeader>A cosa serve</Table.ColumnHeader>
                    <Table.ColumnHeader>Durata</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {STORED_ITEMS.map((item) => (
                    <Table.Row key={item.name}>
                      <Table.Cell>{item.name}</Table.Cell>
                      <Table.Cell>{item.kind}</Table.Cell>
                      <Table.Cell>{item.purpose}</Table.Cell>
                      <Table.Cell>{item.duration}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Box>
        ) : null}
        {name !== 'contatti' ? (
          <Text fontSize="sm" color="fg.muted">
            Hai altre domande? Scrivici a {withMailLinks(SUPPORT_EMAIL)}.
          </Text>
        ) : null}
      </Stack>
    </Container>
  );
}
