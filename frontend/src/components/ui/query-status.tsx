import { Spinner, Text } from '@chakra-ui/react';
import { errorMessage } from '../../lib/api-client';

/** The loading, error and empty states of a list read; renders nothing once there are rows. */
export function QueryStatus({ query, empty }: { query: { isPending: boolean; isError: boolean; error: unknown; data?: readonly unknown[] | undefined }; empty: string }) {
  if (query.isPending) return <Spinner aria-label="Caricamento..." />;
  if (query.isError) return <Text role="alert" color="red.300">{errorMessage(query.error)}</Text>;
  if (query.data?.length === 0) return <Text color="fg.muted">{empty}</Text>;
  return null;
}
