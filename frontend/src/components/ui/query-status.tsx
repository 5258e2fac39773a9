import { Spinner, Text } from '@chakra-ui/react';
import { errorMessage } from '../../lib/api-client';

/** What a list read reports: react-query's result, or a plain list that is already there. */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: readonly unknown[] | undefined;
}

/** The loading, error and empty states of a list read; renders nothing once there are rows. */
export function QueryStatus({ query, empty }: { query: ListQuery; empty: string }) {
  if (query.isPending) return <Spinner aria-label="Caricamento..." />;
  if (query.isError)
    return (
      <Text role="alert" color="red.300">
        {errorMessage(query.error)}
      </Text>
    );
  if (query.data?.length === 0) return <Text color="fg.muted">{empty}</Text>;
  return null;
}
