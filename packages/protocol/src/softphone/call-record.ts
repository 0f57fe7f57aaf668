import type { WrapUp } from '../cti/protocol.js';
import type { callTypes } from './catalogue.js';
import type { callEndReasons, callOutcomes } from './shapes.js';

/**
 * A finished call, one per agent who took part: what the engine hands over when a call ends and
 * what the `call_record` table keeps (the server's db/schema.ts types its row from this one).
 */
export interface CallRecord {
  call_id: string;
  tenant_id: string;
  agent_id: string;
  call_type: (typeof callTypes)[number];
  caller: string;
  callee: string;
  display_number: string | null;
  created_at: Date;
  answered_at: Date | null;
  ended_at: Date;
  /** `cancelled`: the caller hung up before the answer; `failed`: the trunk could not place it. */
  outcome: (typeof callOutcomes)[number];
  /** Why a call nobody hung up ended (its outcome `failed`); null otherwise. */
  end_reason: (typeof callEndReasons)[number] | null;
  /** The call's attached data (key to text), as the integrator gave it. */
  attached_data: Readonly<Record<string, string>>;
  /** The SIP trunk the call was on (its name); null on the simulated network. */
  trunk: string | null;
  /** The agent's wrap-up of the call (setWrapUp); null until they choose one. */
  wrap_up: WrapUp | null;
}
