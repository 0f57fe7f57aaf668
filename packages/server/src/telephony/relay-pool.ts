import type { FastifyBaseLogger } from 'fastify';
import type { HostPort } from '../config.js';
import type { TrunksHealth } from '../cti/engine/calls/outside-line.js';
import { createMediaRelay, type MediaRelay } from './media-relay.js';
import { createNgClient } from './ng-client.js';
import { watchRelay } from './relay-watch.js';
import type { DialogHandler } from './trunk-leg.js';

export interface RelayPool {
  /**
   * The relay a new call's media goes to: of those that answered their last check, the one
   * holding the fewest of this node's calls (the first listed on a tie); when none answers, the
   * first (the call then fails at its offer, with its coded answer, rather than not being tried).
   */
  pick(): MediaRelay;
  health(): Promise<TrunksHealth['relays']>;
  close(): Promise<void>;
}

/**
 * The node's media relays (RTPENGINE_NG, one or several rtpengines), each with its own ng
 * client and watch (relay-watch.ts): a relay that dies ends only the calls it held, and new calls
 * go to the others.
 */
export function createRelayPool(
  addresses: readonly HostPort[],
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  dialogs: () => Iterable<DialogHandler>,
): RelayPool {
  const relays = addresses.map((given) => {
    const address = `${given.host}:${String(given.port)}`;
    const ng = createNgClient(given);
    const onThis = () => [...dialogs()].filter((dialog) => dialog.relayAddress() === address);
    return { ng, relay: createMediaRelay(ng, address), watch: watchRelay(ng, address, log, onThis), onThis };
  });
  const [first] = relays;
  if (!first) throw new Error('a relay pool needs at least one relay');

  return {
    pick() {
      let best = first;
      let bestLoad = Number.POSITIVE_INFINITY;
      for (const candidate of relays) {
        if (candidate.watch.answers() === false) continue;
        const load = candidate.onThis().length;
        if (load < bestLoad) {
          best = candidate;
          bestLoad = load;
        }
      }
      return best.relay;
    },
    health: () => Promise.all(relays.map(({ watch }) => watch.health())),
    async close() {
      for (const { watch } of relays) watch.stop();
      await Promise.all(relays.map(({ ng }) => ng.close()));
    },
  };
}
