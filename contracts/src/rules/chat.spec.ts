import { CHAT_MESSAGE_MAX, messageLength, messageProblem, normalizeMessage } from './chat';

describe('chat message rules', () => {
  it('refuses empty and blank content', () => {
    expect(messageProblem('')).toBe('empty');
    expect(messageProblem('  \n\t ')).toBe('empty');
    expect(messageProblem(' ciao ')).toBeNull();
  });

  it('allows 2,000 characters and refuses one more, counting an emoji once', () => {
    expect(messageProblem('a'.repeat(CHAT_MESSAGE_MAX))).toBeNull();
    expect(messageProblem('a'.repeat(CHAT_MESSAGE_MAX + 1))).toBe('too_long');
    expect(messageLength('😀😀')).toBe(2);
    expect(messageProblem('😀'.repeat(CHAT_MESSAGE_MAX))).toBeNull();
  });

  it('trims the ends and keeps line breaks inside', () => {
    expect(normalizeMessage('  ciao\ncome stai?  ')).toBe('ciao\ncome stai?');
  });
});
