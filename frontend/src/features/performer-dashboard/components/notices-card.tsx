import { Badge, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { moderationActionLabels, type ModerationNoticeView } from '@aura/contracts';
import { call } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { SectionCard } from '../../../components/ui/section-card';

const actionLabel = (action: string) => moderationActionLabels[action as keyof typeof moderationActionLabels] ?? action;

/** 'Comunicazioni': the statements of reasons of the moderation decisions about her (DSA Art. 17). */
export function NoticesCard({ performerId }: { performerId: string }) {
  const notices = useQuery({
    queryKey: ['moderation-notices', performerId],
    queryFn: () => call('performerModerationNotices', { params: { id: performerId } }),
  });
  return (
    <SectionCard title="Comunicazioni">
      {notices.isPending ? (
        <Text color="fg.muted">Caricamento...</Text>
      ) : notices.isError || notices.data.length === 0 ? (
        <Text color="fg.muted">Nessuna comunicazione.</Text>
      ) : (
        <Stack gap="4" as="ul" listStyleType="none">
          {notices.data.map((notice: ModerationNoticeView) => (
            <Stack as="li" key={notice.id} gap="1" data-testid="moderation-notice">
              <Text fontWeight="semibold">
                {actionLabel(notice.action)} · {formatDateTime(notice.issuedAt)}
              </Text>
              <Text>{notice.statement}</Text>
              <Text fontSize="sm" color="fg.muted">
                Base: {notice.ground === 'legge' ? 'obbligo di legge' : 'termini di servizio'} ({notice.groundDetail}).
                Decisione presa da una persona, senza mezzi automatizzati.
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {notice.redress}
              </Text>
              {notice.appeal ? (
                <Badge alignSelf="flex-start">
                  {notice.appeal.status === 'open'
                    ? 'Riesame in corso'
                    : notice.appeal.status === 'upheld'
                      ? 'Decisione confermata'
                      : 'Decisione annullata'}
                </Badge>
              ) : null}
            </Stack>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
