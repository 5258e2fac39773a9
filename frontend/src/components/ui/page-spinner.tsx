import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';

export function PageSpinner({ label = 'Caricamento...' }: { label?: string }) {
  return (
    <Center minHeight="50vh" role="status" aria-live="polite">
      <Spinner size="lg" color="brand.fg" borderWidth="3px" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
