import { useSyncExternalStore } from 'react';

/**
 * Whether a new message also rings and shows a browser notification (docs/product.md#message-alerts):
 * his choice on this browser, in localStorage ('aura.chatAlerts'), off until he turns it on.
 */
const KEY = 'aura.chatAlerts';
const listeners = new Set<() => void>();

export function alertsEnabled(): boolean {
  try {
    return window.localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function setAlertsEnabled(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(KEY, 'on');
    else window.localStorage.removeItem(KEY);
  } catch {
    // storage refused: the choice holds for this page only
  }
  for (const listener of listeners) listener();
}

export function useAlertsEnabled(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    alertsEnabled,
    () => false,
  );
}

/** The conversation a chat box shows right now: its messages need no alert. */
let viewing: string | null = null;

export function setViewingConversation(conversationId: string | null): void {
  viewing = conversationId;
}

export function isViewing(conversationId: string): boolean {
  return viewing === conversationId && typeof document !== 'undefined' && document.visibilityState === 'visible';
}
