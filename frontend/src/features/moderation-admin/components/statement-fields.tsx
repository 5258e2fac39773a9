import type { ReactNode } from 'react';
import { Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { MODERATION_MESSAGES, moderationGrounds } from '@aura/contracts';
import { FormField } from '../../../components/ui/form-field';

// the decision dialogs of this tab and of the others (shared through components/ui)
export { DecisionFrame } from '../../../components/ui/decision-frame';

type Ground = (typeof moderationGrounds)[number];

/** What a statement of reasons says besides the action: its ground, the rule, the facts and reasons. */
export interface StatementDraft {
  ground: Ground | '';
  groundDetail: string;
  statement: string;
}

export const emptyStatement: StatementDraft = { ground: '', groundDetail: '', statement: '' };

const groundLabels: Record<Ground, string> = { legge: 'Obbligo di legge', termini: 'Termini di servizio' };

/** The first thing missing from the draft, in the contracts' words (null: complete). */
export function statementProblem(draft: StatementDraft): string | null {
  if (!draft.ground) return 'Scegli la base della decisione';
  if (!draft.groundDetail.trim() || draft.groundDetail.length > 500) return MODERATION_MESSAGES.groundDetail;
  if (!draft.statement.trim() || draft.statement.length > 5000) return MODERATION_MESSAGES.statement;
  return null;
}

/** The draft as the decision routes take it (only once `statementProblem` found nothing). */
export const statementBody = (draft: StatementDraft) => ({
  ground: draft.ground as Ground,
  groundDetail: draft.groundDetail.trim(),
  statement: draft.statement.trim(),
});

/** A native select in a labelled field (the admin's choices in a decision). */
export function SelectField({
  label,
  value,
  onChange,
  testId,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <FormField label={label} required>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          bg="bg.subtle"
          data-testid={testId}
        >
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

/** The ground, the rule and the statement of reasons the person affected receives (DSA Art. 17). */
export function StatementFields({
  draft,
  onChange,
}: {
  draft: StatementDraft;
  onChange: (draft: StatementDraft) => void;
}) {
  return (
    <Stack gap="3">
      <SelectField
        label="Base della decisione"
        value={draft.ground}
        onChange={(ground) => onChange({ ...draft, ground: ground as StatementDraft['ground'] })}
        testId="decision-ground"
      >
        <option value="">Scegli la base</option>
        {moderationGrounds.map((ground) => (
          <option key={ground} value={ground}>
            {groundLabels[ground]}
          </option>
        ))}
      </SelectField>
      <FormField label="Norma o clausola dei termini" required>
        <Input
          value={draft.groundDetail}
          onChange={(event) => onChange({ ...draft, groundDetail: event.target.value })}
          maxLength={500}
          bg="bg.subtle"
          data-testid="decision-ground-detail"
        />
      </FormField>
      <FormField
        label="Motivazione"
        helperText="I fatti e le ragioni: la riceve la persona interessata, con le vie per chiedere il riesame."
        required
      >
        <Textarea
          value={draft.statement}
          onChange={(event) => onChange({ ...draft, statement: event.target.value })}
          maxLength={5000}
          rows={4}
          bg="bg.subtle"
          data-testid="decision-statement"
        />
      </FormField>
    </Stack>
  );
}
