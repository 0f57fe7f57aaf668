import { useState } from 'react';
import { errorCatalogue } from '@open/protocol/errors';
import { CtiError } from '../../socket/cti-socket.js';
import type { Act, T } from './phone-ui.js';

/** Runs a method of the phone (main.tsx): settles with its result, or rejects with its refusal. */
export type Run = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

/**
 * The phone's buttons run methods through `act`: a refusal is shown above the call (`error`,
 * until dismissed or the next method) and settles as undefined.
 */
export function useAct(run: Run, t: T): { error: string | null; dismiss: () => void; act: Act } {
  const [error, setError] = useState<string | null>(null);
  const act = (method: string, params?: Record<string, unknown>) => {
    setError(null);
    return run(method, params).catch((failure: unknown) => {
      setError(failure instanceof Error ? failure.message : String(failure));
      // An extension that cannot take the call says why, which the catalogued message cannot.
      if (failure instanceof CtiError && failure.code === errorCatalogue.extensionUnavailable.code) {
        const reason = (failure.data as { reason?: unknown } | null)?.reason;
        if (reason === 'offline' || reason === 'unreachable' || reason === 'busy' || reason === 'unknown')
          setError(t(`softphone.ui.unavailable.${reason}`));
      }
      return undefined;
    });
  };
  const dismiss = () => {
    setError(null);
  };
  return { error, dismiss, act };
}
