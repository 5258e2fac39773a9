/**
 * A session's money is the ledger's (backend/ledger/sessions: the hold, the minutes, the settlement
 * and the minimum); this is the session's part of it: how a running session closes when an end is
 * asked for, which the ledger then settles.
 */
import { closingOf, type Closing, type OpenSession } from './session';

export { paidUntil } from '../../ledger';

/** The end the ledger settles: a running session closes as the session decides (who left first, when media stopped). */
export function settlementEnd(state: OpenSession, requested: Closing): Closing {
  return state.status === 'active' ? closingOf(state, requested) : requested;
}
