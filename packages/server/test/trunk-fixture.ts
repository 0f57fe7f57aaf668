import { newDialPlan } from '@open/protocol/dial-plan';
import type { TrunkSettings } from '../src/telephony/trunk-settings.js';

/**
 * A switched-on UDP trunk towards a carrier on 127.0.0.2 (the telephony tests' carrier: the SIP
 * stack takes its own address for one of its flows), allowed to call in from there, with no
 * DIDs, caps or pings unless `changes` says otherwise.
 */
export function trunkSettings(changes: Partial<TrunkSettings> = {}): TrunkSettings {
  return {
    tenantId: 'tenant-a',
    enabled: true,
    host: '127.0.0.2',
    port: 5060,
    transport: 'udp',
    username: null,
    password: null,
    allowedSources: ['127.0.0.2'],
    dids: [],
    displayNumbers: [],
    maxCalls: null,
    maxWaiting: null,
    dialPlan: newDialPlan(),
    failoverHosts: [],
    optionsPing: false,
    farEndSilenceSeconds: null,
    ...changes,
  };
}
