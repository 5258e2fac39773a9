import { deciderSpec } from '../test/doubles/decider-spec';
import { decideClaim, decideRelease, uniqueValue } from './unique-values';

const now = new Date('2026-11-20T10:00:00.000Z');
const alice = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';
const claimedByAlice = {
  type: 'UniqueValueClaimed' as const,
  data: { kind: 'username' as const, value: 'mario', ownerId: alice, claimedAt: now.toISOString() },
};
const releasedByAlice = {
  type: 'UniqueValueReleased' as const,
  data: { kind: 'username' as const, value: 'mario', ownerId: alice, releasedAt: now.toISOString() },
};

describe('unique value claims', () => {
  const spec = deciderSpec(uniqueValue);

  it('claims a free value, lower-cased', () => {
    spec
      .given([])
      .when((s) => decideClaim({ kind: 'username', value: 'MaRiO', ownerId: alice }, s, now))
      .then([claimedByAlice]);
  });

  it('refuses a value another owner holds', () => {
    spec
      .given([claimedByAlice])
      .when((s) => decideClaim({ kind: 'username', value: 'mario', ownerId: bob }, s, now))
      .thenThrows('username_taken', 'Username già in uso');
  });

  it('refuses a taken email with its own code', () => {
    const emailClaim = { ...claimedByAlice, data: { ...claimedByAlice.data, kind: 'email' as const, value: 'a@b.it' } };
    spec
      .given([emailClaim])
      .when((s) => decideClaim({ kind: 'email', value: 'A@B.it', ownerId: bob }, s, now))
      .thenThrows('email_taken');
  });

  it('is idempotent for the owner itself', () => {
    spec
      .given([claimedByAlice])
      .when((s) => decideClaim({ kind: 'username', value: 'mario', ownerId: alice }, s, now))
      .then([]);
  });

  it('frees a value its owner releases, for anyone to claim', () => {
    spec
      .given([claimedByAlice])
      .when((s) => decideRelease({ kind: 'username', value: 'mario', ownerId: alice }, s, now))
      .then([releasedByAlice]);
    spec
      .given([claimedByAlice, releasedByAlice])
      .when((s) => decideClaim({ kind: 'username', value: 'mario', ownerId: bob }, s, now))
      .then([{ ...claimedByAlice, data: { ...claimedByAlice.data, ownerId: bob } }]);
  });

  it('ignores a release by someone who does not hold the value', () => {
    spec
      .given([claimedByAlice])
      .when((s) => decideRelease({ kind: 'username', value: 'mario', ownerId: bob }, s, now))
      .then([]);
  });
});
