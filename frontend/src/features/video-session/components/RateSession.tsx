import { useState } from 'react';
import { Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-client';

export interface RateSessionProps {
  sessionId: string;
  performerName: string;
}

/** 'Com'è andata?': the user rates the paid session he just had, once (the end screen's receipt includes it). */
export function RateSession({ sessionId, performerName }: RateSessionProps) {
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const rate = useMutation({
    mutationFn: () =>
      call('rateSession', { params: { id: sessionId }, body: { stars, comment: comment.trim() || null } }),
  });
  if (rate.isSuccess) {
    return (
      <Text role="status" data-testid="rating-sent">
        Grazie! La tua valutazione aiuta gli altri utenti.
      </Text>
    );
  }
  return (
    <Stack gap="3" data-testid="rate-session">
      <Text fontWeight="semibold">Com&apos;è andata con {performerName}?</Text>
      {/* a radio group: the chosen star is checked (arrows move it, as in any radio group); the stars up to it are
          full and gold, the others hollow and grey, so the choice shows by shape as well as by colour */}
      <HStack gap="1" role="radiogroup" aria-label="Valutazione in stelle" data-testid="rating-stars">
        {[1, 2, 3, 4, 5].map((value) => (
          <Button
            key={value}
            size="sm"
            variant="ghost"
            fontSize="2xl"
            px="1"
            color={value <= stars ? 'gold.fg' : 'fg.muted'}
            role="radio"
            aria-checked={value === stars}
            tabIndex={value === (stars || 1) ? 0 : -1}
            aria-label={`${value} ${value === 1 ? 'stella' : 'stelle'}`}
            data-filled={value <= stars}
            onClick={() => setStars(value)}
            onKeyDown={(event) => {
              const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[event.key];
              if (!step) return;
              event.preventDefault();
              const next = Math.min(5, Math.max(1, (stars || value) + step));
              setStars(next);
              (event.currentTarget.parentElement?.children[next - 1] as HTMLElement | undefined)?.focus();
            }}
          >
            <span aria-hidden="true">{value <= stars ? '★' : '☆'}</span>
          </Button>
        ))}
      </HStack>
      <Textarea
        aria-label="Commento (facoltativo)"
        placeholder="Commento (facoltativo)"
        maxLength={1000}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      {rate.isError ? (
        <Text color="fg.error" role="alert">
          {errorMessage(rate.error)}
        </Text>
      ) : null}
      <Button
        colorPalette="brand"
        alignSelf="flex-start"
        disabled={stars === 0}
        loading={rate.isPending}
        onClick={() => rate.mutate()}
      >
        Invia valutazione
      </Button>
    </Stack>
  );
}
