import { DomainError } from '../../platform/domain-error';
import { identityStillActive } from './routes';

const identity = { identityId: 'identity-1', userId: 'user-1', aliasId: null, displayName: 'Marco' };

describe("a message's identity: still active, gone, or not known right now", () => {
  it('given the identity resolves, when a message is sent, then it may write', async () => {
    await expect(identityStillActive(async () => identity, 'user-1', null)).resolves.toBe(true);
  });

  it('given the alias was deleted (not found), when a message is sent, then the conversation is closed to it', async () => {
    const deleted = async () => {
      throw new DomainError('not_found');
    };
    await expect(identityStillActive(deleted, 'user-1', 'alias-1')).resolves.toBe(false);
  });

  it('given the read models are out of reach, when a message is sent, then the outage is thrown as it is (a 503), never a closed conversation', async () => {
    const outage = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    const unreachable = async () => {
      throw outage;
    };
    await expect(identityStillActive(unreachable, 'user-1', null)).rejects.toBe(outage);
  });
});
