import { useState } from 'react';
import { Button, Card, Heading, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { SCHEDULE_DAYS, scheduleLines, type PerformerView, type ScheduleSlot } from '@aura/contracts';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../components/ui/toaster';
import { useSetSchedule } from '../api/performer';
import { scheduleProblem, SCHEDULE_MAX_SLOTS } from './schedule-slots';

/** 'Quando sono online': her weekly schedule, shown on her public profile (docs/product.md#departures-journey). */
export function ScheduleCard({ performer }: { performer: PerformerView }) {
  const save = useSetSchedule(performer.id);
  const [slots, setSlots] = useState<ScheduleSlot[]>(performer.schedule);
  const [error, setError] = useState<string | null>(null);

  const change = (index: number, patch: Partial<ScheduleSlot>) =>
    setSlots((current) => current.map((slot, at) => (at === index ? { ...slot, ...patch } : slot)));
  const submit = () => {
    const problem = scheduleProblem(slots);
    setError(problem);
    if (problem) return;
    save.mutate(slots, {
      onSuccess: (saved) => {
        setSlots(saved.schedule);
        notify({
          type: 'success',
          title: 'Orari aggiornati',
          description: saved.schedule.length ? scheduleLines(saved.schedule).join(', ') : 'Nessun orario pubblicato',
        });
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <Card.Root bg="bg.panel" borderColor="border" rounded="2xl" data-testid="schedule-card">
      <Card.Body gap="4">
        <Heading as="h2" size="lg">
          Quando sono online
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          I tuoi orari abituali, visibili sul tuo profilo: aiutano i fan a trovarti online.
        </Text>
        {slots.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            Nessun orario: aggiungi una fascia oraria.
          </Text>
        ) : null}
        <Stack gap="2" as="ul" listStyleType="none">
          {slots.map((slot, index) => (
            <HStack as="li" key={index} gap="2" flexWrap="wrap" data-testid="schedule-slot">
              <NativeSelect.Root width={{ base: '100%', sm: '40' }}>
                <NativeSelect.Field
                  aria-label={`Giorno della fascia ${index + 1}`}
                  value={slot.day}
                  onChange={(event) => change(index, { day: Number(event.currentTarget.value) })}
                  bg="bg.subtle"
                >
                  {SCHEDULE_DAYS.map((name, day) => (
                    <option key={name} value={day}>
                      {name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Input
                type="time"
                aria-label={`Dalle (fascia ${index + 1})`}
                value={slot.from}
                onChange={(event) => change(index, { from: event.currentTarget.value })}
                width="32"
                bg="bg.subtle"
              />
              <Text aria-hidden="true">–</Text>
              <Input
                type="time"
                aria-label={`Alle (fascia ${index + 1})`}
                value={slot.to}
                onChange={(event) => change(index, { to: event.currentTarget.value })}
                width="32"
                bg="bg.subtle"
              />
              <IconButton
                size="sm"
                variant="ghost"
                aria-label={`Rimuovi la fascia ${index + 1}`}
                onClick={() => setSlots((current) => current.filter((_, at) => at !== index))}
              >
                ✕
              </IconButton>
            </HStack>
          ))}
        </Stack>
        {error ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <HStack gap="2" flexWrap="wrap">
          <Button
            variant="outline"
            disabled={slots.length >= SCHEDULE_MAX_SLOTS}
            onClick={() => setSlots((current) => [...current, { day: 0, from: '20:00', to: '23:00' }])}
          >
            Aggiungi fascia
          </Button>
          <Button colorPalette="brand" loading={save.isPending} onClick={submit}>
            Salva orari
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
