import { Button, HStack } from '@chakra-ui/react';

/** The Modifica / Elimina buttons of an admin table row; `subject` names the row for screen readers. */
export function RowActions({
  subject,
  editLabel = 'Modifica',
  onEdit,
  onDelete,
}: {
  subject: string;
  editLabel?: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <HStack>
      <Button size="xs" variant="outline" onClick={onEdit} aria-label={`${editLabel} ${subject}`}>
        Modifica
      </Button>
      <Button size="xs" variant="outline" colorPalette="red" onClick={onDelete} aria-label={`Elimina ${subject}`}>
        Elimina
      </Button>
    </HStack>
  );
}
