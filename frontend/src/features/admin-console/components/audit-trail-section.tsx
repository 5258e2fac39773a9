import { Box, Button, Code, Heading, Text } from '@chakra-ui/react';
import type { AdminView } from '@aura/contracts';
import { AdminTable } from '../../../components/ui/admin-table';
import { formatDateTime } from '../../../lib/format';
import { useAuditTrail } from '../api/audit-trail';

/** Registro attività: who did what and when, every admin action newest first (docs/architecture.md#admin-audit-trail). */
export function AuditTrailSection({ admins }: { admins: readonly AdminView[] | undefined }) {
  const trail = useAuditTrail();
  const rows = trail.data?.pages.flatMap((page) => page.actions);
  const nameOf = (adminId: string) => admins?.find((admin) => admin.id === adminId)?.username ?? adminId;
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
        columns={[
          { header: 'Quando', cell: (action) => formatDateTime(action.at) },
          { header: 'Admin', cell: (action) => nameOf(action.adminId) },
          { header: 'Azione', cell: (action) => <Code>{action.action}</Code> },
          { header: 'Record', cell: (action) => <Code>{action.stream}</Code> },
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
