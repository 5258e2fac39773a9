import { useState } from 'react';
import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import {
  moderationActionLabels,
  moderationActions,
  reportCategoryLabels,
  type ModerationAction,
  type ReportTargetKind,
  type ReportView,
} from '@aura/contracts';
import { QueryStatus } from '../../../components/ui/query-status';
import { SectionCard } from '../../../components/ui/section-card';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useDecideReport, useReports } from '../api/moderation';
import { AppealsSection } from './appeals-section';
import {
  emptyStatement,
  SelectField,
  statementBody,
  StatementFields,
  statementProblem,
  type StatementDraft,
  DecisionFrame,
} from './statement-fields';

export const targetKindLabels: Record<ReportTargetKind, string> = {
  performer: 'Profilo della performer',
  photo: 'Foto',
  show: 'Show in diretta',
  show_message: 'Messaggio nella stanza dello show',
  message: 'Messaggio in chat',
};

/** What may be done to a target of this kind (the server refuses the rest: `report_action_invalid`). */
function actionsFor(report: ReportView): ModerationAction[] {
  return moderationActions.filter((action) => {
    if (action === 'end_show') return report.targetKind === 'show';
    if (action === 'suspend_performer') return report.subjectKind === 'performer';
    if (action === 'ban_user') return report.subjectKind === 'user';
    return true;
  });
}

const ageText = (hours: number) =>
  hours < 1 ? 'meno di un’ora fa' : hours < 48 ? `${hours} ore fa` : `${Math.floor(hours / 24)} giorni fa`;

/** The admin's decision on one report: the action, its ground and the statement of reasons. */
function DecisionDialog({ report, onClose }: { report: ReportView | null; onClose: () => void }) {
  const decide = useDecideReport();
  const [action, setAction] = useState<ModerationAction | ''>('');
  const [draft, setDraft] = useState<StatementDraft>(emptyStatement);
  const [problem, setProblem] = useState<string | null>(null);
  const reset = () => {
    setAction('');
    setDraft(emptyStatement);
    setProblem(null);
  };
  const submit = () => {
    if (!report) return;
    const missing = action ? statementProblem(draft) : 'Scegli l’azione';
    if (missing) return setProblem(missing);
    setProblem(null);
    decide.mutate(
      { id: report.id, body: { action: action as ModerationAction, ...statementBody(draft) } },
      {
        onSuccess: () => {
          notify({ type: 'success', title: 'Decisione registrata', description: 'La motivazione è stata inviata.' });
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  return (
    <DecisionFrame
      open={report !== null}
      onClose={onClose}
      onExitComplete={reset}
      title="Decidi la segnalazione"
      formLabel="Decidi la segnalazione"
      testId="decision-dialog"
      confirmLabel="Conferma la decisione"
      pending={decide.isPending}
      onSubmit={submit}
    >
      <Stack gap="3">
        {report ? (
          <Text fontSize="sm">
            {targetKindLabels[report.targetKind]} · {reportCategoryLabels[report.category]}: {report.description}
          </Text>
        ) : null}
        <SelectField
          label="Azione"
          value={action}
          onChange={(value) => setAction(value as ModerationAction | '')}
          testId="decision-action"
        >
          <option value="">Scegli l’azione</option>
          {(report ? actionsFor(report) : []).map((value) => (
            <option key={value} value={value}>
              {moderationActionLabels[value]}
            </option>
          ))}
        </SelectField>
        <StatementFields draft={draft} onChange={setDraft} />
        {problem ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {problem}
          </Text>
        ) : null}
      </Stack>
    </DecisionFrame>
  );
}

function ReportCard({ report, onDecide }: { report: ReportView; onDecide: () => void }) {
  return (
    <Card.Root variant="outline" size="sm" data-testid="open-report" data-report-id={report.id}>
      <Card.Body>
        <Stack gap="2">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{reportCategoryLabels[report.category]}</Text>
            {report.overdue ? <Badge colorPalette="red">In ritardo</Badge> : null}
            {report.hidden ? <Badge colorPalette="orange">Nascosto</Badge> : null}
          </HStack>
          <Text fontSize="sm">
            {targetKindLabels[report.targetKind]} · ricevuta il {formatDateTime(report.receivedAt)} (
            {ageText(report.ageHours)})
          </Text>
          <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
            {report.description}
          </Text>
          <Button size="sm" colorPalette="brand" alignSelf="flex-start" onClick={onDecide}>
            Decidi
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** Admin 'Segnalazioni' tab: the open reports, oldest first (overdue past 7 days), and the appeals. */
export function ReportsTab({ adminId }: { adminId: string }) {
  const reports = useReports('open');
  const [deciding, setDeciding] = useState<ReportView | null>(null);
  return (
    <Stack gap="6">
      <SectionCard title="Segnalazioni aperte">
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            Dalla più vecchia: una segnalazione va decisa entro 7 giorni.
          </Text>
          <QueryStatus query={reports} empty="Nessuna segnalazione aperta" />
          {(reports.data ?? []).map((report) => (
            <ReportCard key={report.id} report={report} onDecide={() => setDeciding(report)} />
          ))}
        </Stack>
      </SectionCard>
      <AppealsSection adminId={adminId} />
      <DecisionDialog report={deciding} onClose={() => setDeciding(null)} />
    </Stack>
  );
}
