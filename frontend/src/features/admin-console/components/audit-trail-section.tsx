import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { AdminView } from '@aura/contracts';
import { AdminTable } from '../../../components/ui/admin-table';
import { call } from '../../../lib/api';
import { eventLabel, recordOf } from '../../../lib/event-labels';
import { formatDateTime } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { useAuditTrail } from '../api/audit-trail';
import { useAdminUsers } from '../api/users';

/**
 * Registro attività: who did what and when, every admin action newest first (docs/architecture.md#admin-audit-trail).
 * The action reads in Italian (lib/event-labels.ts), the record as its kind and whose it is, never as its stream.
 */
export function AuditTrailSection({ admins }: { admins: readonly AdminView[] | undefined }) {
  const trail = useAuditTrail();
  const users = useAdminUsers();
  const performers = useQuery({
    queryKey: queryKeys.performers.list,
    queryFn: ({ signal }) => call('adminListPerformers', { signal }),
  });
  const rows = trail.data?.pages.flatMap((page) => page.actions);
  const adminName = (adminId: string) => admins?.find((admin) => admin.id === adminId)?.username;
  const nameOf = (owner: ReturnType<typeof recordOf>['owner'], id: string) =>
    owner === 'admin'
      ? adminName(id)
      : owner === 'user'
        ? users.data?.find((user) => user.id === id)?.username
        : owner === 'performer'
          ? performers.data?.find((performer) => performer.id === id)?.name
          : undefined;
  const recordText = (stream: string) => {
    const record = recordOf(stream);
    const name = nameOf(record.owner, record.id);
    return name ? `${record.label}: ${name}` : record.label;
  };
  return (
    <Box>
      <Heading as="h2" size="lg" mb="1">
        Registro attività
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="4">
        Ogni azione di un amministratore, con chi e quando, dalla più recente.
      </Text>
      <AdminTable
        query={{ isPending: trail.isPending, isError: trail.isError, error: trail.error, data: rows }}
        rows={rows}
        empty="Nessuna azione registrata"
        minW="640px"
        rowKey={(action) => String(action.position)}
        rowTestId={() => 'audit-row'}
        columns={[
          { header: 'Quando', cell: (action) => formatDateTime(action.at) },
          { header: 'Amministratore', cell: (action) => adminName(action.adminId) ?? 'Amministratore eliminato' },
          { header: 'Azione', cell: (action) => eventLabel(action.action) },
          { header: 'Record', cell: (action) => recordText(action.stream) },
        ]}
      />
      {trail.hasNextPage ? (
        <Button mt="4" variant="outline" onClick={() => void trail.fetchNextPage()} loading={trail.isFetchingNextPage}>
          Mostra altre
        </Button>
      ) : null}
    </Box>
  );
}
