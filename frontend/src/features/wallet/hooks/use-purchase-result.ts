import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { celebrationFor, type Celebration } from '@aura/contracts';
import { notify } from '../../../components/ui/toaster';
import { usePurchase } from '../api/purchases';
import { CELEBRATION_MS } from '../components/celebration';

const celebratedKey = (id: string) => `aura:purchase-celebrated:${id}`;

/**
 * Back from the checkout (`/user?purchase=<id>`): follows the purchase (refetched live on
 * `readmodel:changed`) and, once it is paid, celebrates for 3 s with 'Acquisto Completato!' —
 * once per purchase, even after a reload.
 */
export function usePurchaseResult(onPaid?: () => void): { celebration: Celebration | null; pending: boolean } {
  const [params, setParams] = useSearchParams();
  const purchaseId = params.get('purchase');
  const purchase = usePurchase(purchaseId);
  const [celebration, setCelebration] = useState<Celebration | null>(null);
  const onPaidRef = useRef(onPaid);
  useEffect(() => {
    onPaidRef.current = onPaid;
  }, [onPaid]);

  const status = purchase.data?.status;
  const credits = purchase.data?.credits;
  useEffect(() => {
    if (!purchaseId || !status || status === 'pending') return;
    const forget = () => {
      const next = new URLSearchParams(params);
      next.delete('purchase');
      setParams(next, { replace: true });
    };
    if (status === 'declined') {
      notify({
        type: 'error',
        title: 'Pagamento non riuscito',
        description: 'Il pagamento è stato rifiutato: nessun addebito.',
      });
      forget();
      return;
    }
    if (sessionStorage.getItem(celebratedKey(purchaseId))) {
      forget();
      return;
    }
    sessionStorage.setItem(celebratedKey(purchaseId), '1');
    const kind = celebrationFor(credits ?? 0);
    // started from a timer callback: the celebration is a reaction to the payment, not render state
    window.setTimeout(() => setCelebration(kind), 0);
    notify({
      type: 'success',
      title: 'Acquisto Completato!',
      description: `Hai ricevuto ${purchase.data?.auracoin ?? ''} auracoin.`,
    });
    onPaidRef.current?.();
    forget();
  }, [purchaseId, status, credits, params, setParams, purchase.data?.auracoin]);

  useEffect(() => {
    if (!celebration) return undefined;
    const timer = window.setTimeout(() => setCelebration(null), CELEBRATION_MS);
    return () => window.clearTimeout(timer);
  }, [celebration]);

  return { celebration, pending: Boolean(purchaseId) && (purchase.isPending || status === 'pending') };
}
