import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionMessageView, SessionTalkView, SessionTipView } from '@aura/contracts';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** sessionTalk: the session's lines and tips, oldest first (a reload of the page, the receipt). */
export function sessionTalkQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: queryKeys.sessions.talk(sessionId),
    queryFn: ({ signal }) => call('sessionTalk', { params: { id: sessionId }, signal }),
  });
}

/** A line or a tip learnt (an answer or a push), once: pure; undefined stays undefined (the fetch tells). */
export function withLine(talk: SessionTalkView | undefined, line: SessionMessageView): SessionTalkView | undefined {
  if (!talk || talk.messages.some((known) => known.id === line.id)) return talk;
  return { ...talk, messages: [...talk.messages, line] };
}

export function withTip(
  talk: SessionTalkView | undefined,
  tip: SessionTipView,
  tipsTotal?: number,
): SessionTalkView | undefined {
  if (!talk || talk.tips.some((known) => known.id === tip.id)) return talk;
  const total = tipsTotal ?? Math.round((talk.tipsTotal + tip.amount) * 100) / 100;
  return { ...talk, tips: [...talk.tips, tip], tipsTotal: total };
}

export function applyLine(queryClient: QueryClient, line: SessionMessageView) {
  queryClient.setQueryData<SessionTalkView>(queryKeys.sessions.talk(line.sessionId), (talk) => withLine(talk, line));
}

export function applyTip(queryClient: QueryClient, tip: SessionTipView, tipsTotal?: number) {
  queryClient.setQueryData<SessionTalkView>(queryKeys.sessions.talk(tip.sessionId), (talk) =>
    withTip(talk, tip, tipsTotal),
  );
}

/** postSessionMessage {text}: a line to the other party. */
export function usePostSessionMessage(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => call('postSessionMessage', { params: { id: sessionId }, body: { text } }),
    onSuccess: (line) => applyLine(queryClient, line),
  });
}

/** tipSession {amount}: his tip to her, once per attempt (its own Idempotency-Key). */
export function useTipSession(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) =>
      call('tipSession', { params: { id: sessionId }, body: { amount }, idempotencyKey: crypto.randomUUID() }),
    onSuccess: ({ tip }) => applyTip(queryClient, tip),
  });
}
