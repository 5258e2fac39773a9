import { useState } from 'react';
import { Badge, Button, Card, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { MODERATION_MESSAGES, moderationActionLabels, type AppealView } from '@aura/contracts';
import { FormField } from '../../../components/ui/form-field';
import { QueryStatus } from '../../../components/ui/query-status';
import { SectionCard } from '../../../components/ui/section-card';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAppeals, useDecideAppeal } from '../api/moderation';
import { SelectField, DecisionFrame } from './statement-fields';

type Outcome = 'upheld' | 'reversed';
const outcomeLabels: Record<Outcome, string> = { upheld: 'Decisione confermata', reversed: 'Decisione annullata' };

const actionLabel = (action: string) => moderationActionLabels[action as keyof typeof moderationActionLabels] ?? action;

function AppealDialog({ appeal, onClose }: { appeal: AppealView | null; onClose: () => void }) {
  const decide = useDecideAppeal();
  const [outcome, setOutcome] = useState<Outcome | ''>('');
  const [statement, setStatement] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reset = () => {
    setOutcome('');
    setStatement('');
    setProblem(null);
  };
  const submit = () => {
    if (!appeal) return;
    if (!outcome) return setProblem('Scegli l’esito del riesame');
    if (!statement.trim()) return setProblem(MODERATION_MESSAGES.statement);
    setProblem(null);
    decide.mutate(
      { id: appeal.id, body: { outcome, statement: statement.trim() } },
      {
        onSuccess: () => {
          notify({ type: 'success', title: 'Riesame deciso' });
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  return (
    <DecisionFrame
      open={appeal !== null}
      onClose={onClose}
      onExitComplete={reset}
      title="Decidi il ricorso"
      formLabel="Decidi il ricorso"
      testId="appeal-dialog"
      confirmLabel="Conferma l’esito"
      pending={decide.isPending}
      onSubmit={submit}
    >
      <Stack gap="3">
        <SelectField
          label="Esito"
          value={outcome}
          onChange={(value) => setOutcome(value as Outcome | '')}
          testId="appeal-outcome"
        >
          <option value="">Scegli l’esito</option>
          <option value="upheld">{outcomeLabels.upheld}</option>
          <option value="reversed">{outcomeLabels.reversed}</option>
        </SelectField>
        <FormField label="Motivazione del riesame" required>
          <Textarea
            value={statement}
            onChange={(event) => setStatement(event.target.value)}
            maxLength={5000}
            rows={4}
            bg="bg.subtle"
          />
        </FormField>
        {problem ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {problem}
          </Text>
        ) : null}
      </Stack>
    </DecisionFrame>
  );
}

function AppealCard({ appeal, adminId, onDecide }: { appeal: AppealView; adminId: string; onDecide: () => void }) {
  const own = appeal.decidedBy === adminId;
  return (
    <Card.Root variant="outline" size="sm" data-testid="appeal">
      <Card.Body>
        <Stack gap="2">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{actionLabel(appeal.action)}</Text>
            {appeal.status === 'open' ? (
              <Badge colorPalette="orange">Da decidere</Badge>
            ) : (
              <Badge colorPalette={appeal.status === 'upheld' ? 'gray' : 'green'}>{outcomeLabels[appeal.status]}</Badge>
            )}
          </HStack>
          <Text fontSize="sm" wordBreak="break-word">
            Motivazione della decisione: {appeal.decisionStatement}
          </Text>
          <Text fontSize="sm" wordBreak="break-word">
            Ricorso del {formatDateTime(appeal.filedAt)}: {appeal.text}
          </Text>
          {appeal.status === 'open' ? (
            own ? (
              <Text fontSize="sm" color="fg.muted">
                Hai preso tu la decisione: il ricorso lo decide un altro amministratore.
              </Text>
            ) : (
              <Button size="sm" colorPalette="brand" alignSelf="flex-start" onClick={onDecide}>
                Decidi il ricorso
              </Button>
            )
          ) : (
            <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
              Deciso da un altro amministratore
              {appeal.appealDecidedAt ? ` il ${formatDateTime(appeal.appealDecidedAt)}` : ''}: {appeal.statement}
            </Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The appeals (DSA Art. 20): open ones first, each decided by an admin other than the one who decided. */
export function AppealsSection({ adminId }: { adminId: string }) {
  const open = useAppeals('open');
  const decided = useAppeals('decided');
  const [deciding, setDeciding] = useState<AppealView | null>(null);
  const all = [...(open.data ?? []), ...(decided.data ?? [])];
  return (
    <SectionCard title="Ricorsi">
      <Stack gap="3">
        <QueryStatus query={{ ...open, data: open.data && decided.data ? all : undefined }} empty="Nessun ricorso" />
        {all.map((appeal) => (
          <AppealCard key={appeal.id} appeal={appeal} adminId={adminId} onDecide={() => setDeciding(appeal)} />
        ))}
      </Stack>
      <AppealDialog appeal={deciding} onClose={() => setDeciding(null)} />
    </SectionCard>
  );
}
