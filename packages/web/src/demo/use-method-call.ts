import type { TFunction } from 'i18next';
import { useState } from 'react';
import type { MethodDefinition } from '@open/protocol/softphone/catalogue';
import { currentPhone } from './demo-store';
import { buildMethodParams, type ExtraParam } from './method-params';

/** What the methods form holds: the chosen method, its catalogued parameters and the extra ones. */
export interface MethodValues {
  method?: string;
  params?: Record<string, unknown>;
  extra?: ExtraParam[];
}

/** How the last call ended: its result, or its coded error (no code when it never reached a phone). */
export type Outcome =
  | { ok: true; method: string; data: unknown }
  | { ok: false; method: string; code: number | null; message: string; data: unknown };

/** Runs a method on the running phone and keeps whether it runs and how it ended. */
export function useMethodCall(t: TFunction) {
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const execute = async (
    definition: MethodDefinition | undefined,
    { method, params = {}, extra = [] }: MethodValues,
  ) => {
    const phone = currentPhone();
    if (!method || !definition) return;
    if (!phone) {
      setOutcome({ ok: false, method, code: null, message: t('demo.methods.noPhone'), data: null });
      return;
    }
    setRunning(true);
    try {
      const data = await phone.call(method, buildMethodParams(definition.params, params, extra));
      setOutcome({ ok: true, method, data });
    } catch (error) {
      const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown };
      setOutcome({
        ok: false,
        method,
        code: typeof code === 'number' ? code : null,
        message: typeof message === 'string' ? message : String(error),
        data: data ?? null,
      });
    } finally {
      setRunning(false);
    }
  };

  return { running, outcome, setOutcome, execute };
}
