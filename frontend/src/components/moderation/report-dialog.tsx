import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import {
  MODERATION_MESSAGES,
  reportCategories,
  reportCategoryLabels,
  type ReportCategory,
  type ReportTargetKind,
} from '@aura/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-client';
import { DialogFrame } from '../ui/dialog-frame';
import { notify } from '../ui/toaster';

export interface ReportTarget {
  kind: ReportTargetKind;
  id: string;
  /** what is reported, as the dialog names it ('la foto «Tramonto»') */
  label: string;
}

/**
 * The one report form (DSA Art. 16) every 'Segnala' action opens: the reason, a description, an
 * email for visitors and the good-faith statement (docs/product.md#compliance-reports).
 */
export function ReportDialog({
  target,
  signedIn,
  onClose,
}: {
  target: ReportTarget | null;
  signedIn: boolean;
  onClose: () => void;
}) {
  const [category, setCategory] = useState<ReportCategory | ''>('');
  const [description, setDescription] = useState('');
  const [email, setEmail] = useState('');
  const [goodFaith, setGoodFaith] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () =>
      call('fileReport', {
        body: {
          targetKind: target!.kind,
          targetId: target!.id,
          category: category as ReportCategory,
          description,
          ...(signedIn ? {} : { email }),
          goodFaith: true,
        },
      }),
  });
  const reset = () => {
    setCategory('');
    setDescription('');
    setEmail('');
    setGoodFaith(false);
    setProblem(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!category) return setProblem(MODERATION_MESSAGES.category);
    if (!description.trim()) return setProblem(MODERATION_MESSAGES.description);
    if (!signedIn && !email.includes('@')) return setProblem(MODERATION_MESSAGES.email);
    if (!goodFaith) return setProblem(MODERATION_MESSAGES.goodFaith);
    setProblem(null);
    send.mutate(undefined, {
      onSuccess: () => {
        notify({
          type: 'success',
          title: 'Segnalazione inviata',
          description: 'Ti diremo l’esito della nostra verifica.',
        });
        onClose();
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };
  return (
    <DialogFrame
      open={target !== null}
      onClose={onClose}
      onExitComplete={reset}
      title="Segnala un contenuto"
      onSubmit={submit}
      formLabel="Segnala un contenuto"
      testId="report-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Annulla
          </Button>
          <Button type="submit" colorPalette="red" loading={send.isPending}>
            Invia segnalazione
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text fontSize="sm">Stai segnalando {target?.label}.</Text>
        <label>
          <Text fontSize="sm" fontWeight="medium" mb="1">
            Motivo
          </Text>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={category}
              onChange={(event) => setCategory(event.currentTarget.value as ReportCategory)}
              data-testid="report-category"
            >
              <option value="">Scegli il motivo</option>
              {reportCategories.map((value) => (
                <option key={value} value={value}>
                  {reportCategoryLabels[value]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </label>
        <label>
          <Text fontSize="sm" fontWeight="medium" mb="1">
            Descrizione
          </Text>
          <Textarea
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            maxLength={2000}
            data-testid="report-description"
          />
        </label>
        {signedIn ? null : (
          <label>
            <Text fontSize="sm" fontWeight="medium" mb="1">
              La tua email
            </Text>
            <Input type="email" value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
          </label>
        )}
        <Checkbox.Root checked={goodFaith} onCheckedChange={(details) => setGoodFaith(details.checked === true)}>
          <Checkbox.HiddenInput data-testid="report-good-faith" />
          <Checkbox.Control />
          <Checkbox.Label>Dichiaro di segnalare in buona fede e che le informazioni sono corrette</Checkbox.Label>
        </Checkbox.Root>
        {problem ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {problem}
          </Text>
        ) : null}
      </Stack>
    </DialogFrame>
  );
}
