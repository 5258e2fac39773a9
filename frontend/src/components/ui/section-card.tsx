import type { ReactNode } from 'react';
import { Card, Heading } from '@chakra-ui/react';

/** A titled panel of the consoles (e.g. a creation form). */
export function SectionCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card.Root bg="bg.panel" borderColor="border">
      <Card.Header>
        <Heading as="h2" size="lg">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
