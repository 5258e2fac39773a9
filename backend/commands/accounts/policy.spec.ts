import { expectOnlyKind } from '../../test/doubles/principals';
import { hasOwnSettings, outboxShown } from './policy';

describe('accounts policy', () => {
  it('only a user has account settings', () => {
    expectOnlyKind(hasOwnSettings, 'user', '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f');
  });
  it('the outbox is shown outside production, when mail goes to files', () => {
    expect(() => outboxShown(false, '/tmp/outbox')).not.toThrow();
    expect(() => outboxShown(true, '/tmp/outbox')).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => outboxShown(false, undefined)).toThrow(expect.objectContaining({ status: 404, code: 'not_found' }));
  });
});
