import type { Principal } from '../../platform/http/session';
import { hasOwnSettings, outboxShown } from './policy';

const userId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const as = (kind: Principal['kind']): Principal => ({ sub: userId, kind }) as Principal;

describe('accounts policy', () => {
  it('only a user has account settings', () => {
    expect(() => hasOwnSettings(as('user'))).not.toThrow();
    for (const kind of ['performer', 'admin'] as const)
      expect(() => hasOwnSettings(as(kind))).toThrow(
        expect.objectContaining({ status: 403, message: 'Solo gli utenti hanno queste impostazioni' }),
      );
  });
  it('the outbox is shown outside production, when mail goes to files', () => {
    expect(() => outboxShown(false, '/tmp/outbox')).not.toThrow();
    expect(() => outboxShown(true, '/tmp/outbox')).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => outboxShown(false, undefined)).toThrow(expect.objectContaining({ message: 'Non disponibile' }));
  });
});
