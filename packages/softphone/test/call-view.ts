import type { CallView } from '../src/frame/state/phone-store.js';

/**
 * A call as the engine reports it to the phone (an outbound call Li Na's extension placed,
 * talking), with `extra` on top: the tests of the phone's store, status bar and media share it.
 */
export const callView = (extra: Partial<CallView> = {}): CallView => ({
  call_id: 'c1',
  call_type: 'outbound',
  call_status: 'talking',
  caller: '+861080000001',
  callee: '13800138001',
  display_number: '+861080000001',
  created_at: '2026-11-23T10:00:00.000Z',
  answered_at: '2026-11-23T10:00:03.000Z',
  ended_at: null,
  outcome: null,
  muted: false,
  held: false,
  peer: null,
  supervisors: [],
  attached_data: {},
  transfer: null,
  consult_of: null,
  ...extra,
});
