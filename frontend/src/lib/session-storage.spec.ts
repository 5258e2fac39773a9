import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { PerformerView, UserView } from '@aura/contracts';
// the module reads `window.localStorage` lazily, at call time, so the fake below is in place in time
import {
  clearStoredPerformer,
  clearStoredUser,
  getStoredPerformer,
  getStoredUser,
  getStoredUserId,
  SESSION_CHANGED_EVENT,
  setStoredPerformer,
  setStoredUser,
} from './session-storage';

class MemoryStorage {
  private data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, String(value));
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  clear() {
    this.data.clear();
  }
}

const target = new EventTarget();
const fakeWindow = Object.assign(target, { localStorage: new MemoryStorage() });
(globalThis as unknown as { window: typeof fakeWindow }).window = fakeWindow;

const user: UserView = {
  id: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  username: 'giulia',
  email: 'giulia@example.it',
  role: 'user',
  auracoinBalance: 10,
  totalAuracoinSpent: 0,
  createdAt: '2025-03-14T10:00:00.000Z',
};

describe('session storage (docs/product.md#entities: user, userId, userName)', () => {
  beforeEach(() => fakeWindow.localStorage.clear());

  it('stores the user record and its id and name', () => {
    setStoredUser(user);
    expect(JSON.parse(fakeWindow.localStorage.getItem('user')!)).toEqual(user);
    expect(fakeWindow.localStorage.getItem('userId')).toBe(user.id);
    expect(fakeWindow.localStorage.getItem('userName')).toBe('giulia');
    expect(getStoredUser()).toEqual(user);
    expect(getStoredUserId()).toBe(user.id);
  });

  it('clears every entry and tells listeners', () => {
    setStoredUser(user);
    const listener = jest.fn();
    fakeWindow.addEventListener(SESSION_CHANGED_EVENT, listener);
    clearStoredUser();
    fakeWindow.removeEventListener(SESSION_CHANGED_EVENT, listener);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(fakeWindow.localStorage.getItem('user')).toBeNull();
    expect(fakeWindow.localStorage.getItem('userId')).toBeNull();
    expect(fakeWindow.localStorage.getItem('userName')).toBeNull();
  });

  it('ignores a corrupt cache', () => {
    fakeWindow.localStorage.setItem('user', '{not json');
    expect(getStoredUser()).toBeNull();
    fakeWindow.localStorage.setItem('user', '{"id":42}');
    expect(getStoredUser()).toBeNull();
  });

  it('does not announce a write that changes nothing', () => {
    setStoredUser(user);
    const listener = jest.fn();
    fakeWindow.addEventListener(SESSION_CHANGED_EVENT, listener);
    setStoredUser({ ...user });
    fakeWindow.removeEventListener(SESSION_CHANGED_EVENT, listener);
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps the performer entry beside the user one, each cleared on its own', () => {
    const performer = { id: 'b7e1c2d4-0000-4000-8000-000000000001', name: 'Aurora' } as PerformerView;
    setStoredUser(user);
    const listener = jest.fn();
    fakeWindow.addEventListener(SESSION_CHANGED_EVENT, listener);
    setStoredPerformer(performer);
    setStoredPerformer({ ...performer });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(fakeWindow.localStorage.getItem('performer')!)).toEqual(performer);
    clearStoredPerformer();
    fakeWindow.removeEventListener(SESSION_CHANGED_EVENT, listener);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(getStoredPerformer()).toBeNull();
    expect(getStoredUser()).toEqual(user);
  });
});
