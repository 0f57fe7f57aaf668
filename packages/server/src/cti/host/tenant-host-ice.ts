import type { IceFrame } from '@open/protocol/cti/protocol';
import { mintsTurnCredentials } from '../../ice-settings.js';
import { iceServersFor } from '../ice-servers.js';
import type { HostContext } from './tenant-host-context.js';

/**
 * Sends every connected phone of this host new TURN credentials every quarter of their life
 * (protocol `IceFrame`), so a credential never has to outlive a whole shift: a call the phone
 * places uses one at least three quarters of its life from expiry. A phone whose session ended
 * (signed out, taken over, its agent disabled) gets no more; what it holds expires on its own.
 * Returns the function that stops it. Nothing to do without TURN.
 */
export function startIceRefresh({ options, scheduler, registry, delivery }: HostContext): () => void {
  const ice = options.ice;
  if (!ice || !mintsTurnCredentials(ice)) return () => {};
  const everyMs = (ice.credentialTtlSeconds * 1000) / 4;
  let cancel = scheduler.after(everyMs, function refresh() {
    const now = scheduler.now();
    for (const session of registry.all()) {
      if (!session.link) continue;
      const frame: IceFrame = { type: 'ice', ...iceServersFor(ice, session.agentId, now) };
      delivery.send(session.link, frame);
    }
    cancel = scheduler.after(everyMs, refresh);
  });
  return () => {
    cancel();
  };
}
