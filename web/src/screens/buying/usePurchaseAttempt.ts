import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { MSG, type ProcessedTask, type Task } from '@zalik/contract';
import { newIdempotencyKey } from '../../api/client';
import { useMe } from '../../api/me';
import { haptic } from '../../telegram/sdk';
import { showError } from '../../ui';
import { usePurchase } from './api';
import type { BuyingKind } from './useBuyingTask';
import { paths } from '../../lib/paths';

/** What the result screen receives in navigation state. */
export interface ResultState {
  processed: ProcessedTask;
}

/**
 * One purchase attempt per distinct input: the Idempotency-Key is made when the student
 * submits values for the first time and reused while they submit the same values again (a
 * retry after a lost connection or a double tap never pays twice); changed values are a new
 * attempt with a new key. Errors reach the red banner (with the error haptic) through the
 * query client's mutation cache.
 */
export function usePurchaseAttempt(task: Task | null, subjectId: string, kind: BuyingKind) {
  const me = useMe();
  const navigate = useNavigate();
  const purchase = usePurchase();
  const attempt = useRef<{ key: string; signature: string } | null>(null);
  const inFlight = useRef(false);

  /** True once the purchase went through (the form's draft may go). */
  async function submit(values: string[]): Promise<boolean> {
    if (!task || inFlight.current) return false;
    if (!me.username) {
      showError(MSG.usernameRequired);
      return false;
    }
    const args = values.map((v) => v.trimEnd());
    const signature = JSON.stringify([task.id, args]);
    let current = attempt.current;
    if (current?.signature !== signature) {
      current = { key: newIdempotencyKey(), signature };
      attempt.current = current;
    }

    inFlight.current = true;
    try {
      const processed = await purchase.mutateAsync({ taskId: task.id, arguments: args, idempotencyKey: current.key });
      haptic.notification('success');
      // Replace the form: going back from the result must not land on a filled, payable form.
      navigate(paths.buyingResult.to(subjectId, kind), { replace: true, state: { processed } satisfies ResultState });
      return true;
    } catch {
      // Shown by the mutation cache (banner + haptic); the key stays for a retry of the same values.
      return false;
    } finally {
      inFlight.current = false;
    }
  }

  return { submit, sending: purchase.isPending };
}
