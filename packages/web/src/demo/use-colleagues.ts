import { useCallback, useEffect, useState } from 'react';
import type { AgentStatus } from '@open/protocol/cti/protocol';
import { currentPhone } from './demo-store';

/** A colleague as `getColleagues` tells of them: their state and the call they are on. */
export interface Colleague {
  agent_id: string;
  name: string;
  extension: string | null;
  role: 'agent' | 'supervisor';
  status: AgentStatus;
  in_call: boolean;
  call: {
    call_id: string;
    call_type: 'inbound' | 'outbound' | 'internal';
    call_status: 'ringing' | 'talking' | 'held' | 'ended';
    caller: string;
    callee: string;
    answered_at: string | null;
  } | null;
}

/** What a supervisor can do with a colleague's call. */
export type SupervisorMethod = 'monitor' | 'insert' | 'stopMonitor';

/** How often the panel asks again; events of the signed-in agent also refresh it at once. */
const REFRESH_MS = 2_000;

/**
 * The tenant's other agents, asked of the running phone now, every REFRESH_MS and after each
 * event (`latestEvent`); `act` runs a supervisor's method on a colleague's call.
 */
export function useColleagues(latestEvent: number | undefined) {
  const [colleagues, setColleagues] = useState<Colleague[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    const phone = currentPhone();
    if (!phone) return;
    try {
      const answer = (await phone.call('getColleagues')) as { list: Colleague[] };
      setColleagues(answer.list);
      setFailure(null);
    } catch (error) {
      setFailure((error as { message?: string }).message ?? String(error));
    }
  }, []);

  useEffect(() => {
    // At once (on the next tick, out of the render) and then every REFRESH_MS.
    const first = setTimeout(() => void refresh(), 0);
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [refresh, latestEvent]);

  const act = (method: SupervisorMethod, agentId: string) => {
    currentPhone()
      ?.call(method, { agent_id: agentId })
      .then(
        () => void refresh(),
        (error: unknown) => {
          setFailure((error as { message?: string }).message ?? String(error));
        },
      );
  };

  return { colleagues, failure, act };
}
