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
      <HStack gap="1" role="radiogroup" aria-label="Valutazione in stelle">
        {[1, 2, 3, 4, 5].map((value) => (
          <Button
            key={value}
            size="sm"
            variant={value <= stars ? 'solid' : 'outline'}
            colorPalette="yellow"
            role="radio"
            aria-checked={value === stars}
            aria-label={`${value} ${value === 1 ? 'stella' : 'stelle'}`}
            onClick={() => setStars(value)}
          >
            ★
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
