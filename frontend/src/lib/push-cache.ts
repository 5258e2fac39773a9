import type { QueryClient, QueryKey, Updater } from '@tanstack/react-query';

/**
 * Put a push into a cached read. A read that was already on its way when the push arrived may
 * answer with what the server held before it and overwrite the push, so that read is started
 * again after the push (docs/architecture.md#push-over-read).
 */
export function setFromPush<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  updater: Updater<T | undefined, T | undefined>,
): void {
  queryClient.setQueryData<T>(queryKey, updater);
  if (queryClient.getQueryState(queryKey)?.fetchStatus === 'fetching') {
    void queryClient.invalidateQueries({ queryKey, exact: true });
  }
}
