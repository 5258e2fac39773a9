import { Card, Text } from '@chakra-ui/react';

/** A figure with its label and an optional hint (dashboards' summary cards). */
export function StatCard({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId?: string;
}) {
  return (
    <Card.Root bg="bg.panel" borderColor="border" rounded="xl">
      <Card.Body gap="1" p="4">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="800" data-testid={testId}>
          {value}
        </Text>
        {hint ? (
          <Text fontSize="xs" color="fg.muted">
            {hint}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
