/**
 * Ping over HTTP (our `diag/ping`, a tiny POST nothing caches) and over the softphone socket
 * (a ping frame its server answers at once). A sample is a round trip in ms, or null when it
 * timed out or failed: that counts as loss.
 */
import { API_PREFIX } from '@open/protocol/paths';
import type { CtiSocket } from '@open/softphone/socket/cti-socket';

export interface PingOptions {
  count: number;
  intervalMs: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Each sample as it comes, with the reason when it is lost. */
  /** `failure` is 'timeout', or the exception's message. */
  onSample?: (rttMs: number | null, failure: string | null) => void;
}

export const defaultPingOptions = { count: 20, intervalMs: 250, timeoutMs: 3_000 } as const;

export const HTTP_PING_PATH = `${API_PREFIX}diag/ping`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function series(
  once: () => Promise<{ rtt: number | null; failure: string | null }>,
  options: PingOptions,
): Promise<(number | null)[]> {
  const samples: (number | null)[] = [];
  for (let i = 0; i < options.count && !options.signal?.aborted; i += 1) {
    if (i > 0) await pause(options.intervalMs);
    const { rtt, failure } = await once();
    samples.push(rtt);
    options.onSample?.(rtt, failure);
  }
  return samples;
}

async function httpPingOnce(timeoutMs: number): Promise<{ rtt: number | null; failure: string | null }> {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, timeoutMs);
  const begun = performance.now();
  try {
    const response = await fetch(HTTP_PING_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      cache: 'no-store',
      signal: controller.signal,
    });
    await response.arrayBuffer();
    if (!response.ok) return { rtt: null, failure: `HTTP ${response.status}` };
    return { rtt: performance.now() - begun, failure: null };
  } catch (error) {
    return {
      rtt: null,
      failure: controller.signal.aborted ? 'timeout' : error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** HTTP round trips; one request first, not counted, so the connection's set-up is not one of them. */
export async function httpPings(options: PingOptions): Promise<(number | null)[]> {
  await httpPingOnce(options.timeoutMs);
  return series(() => httpPingOnce(options.timeoutMs), options);
}

/** Socket round trips; a socket that is not open loses every one. */
export function socketPings(socket: CtiSocket, options: PingOptions): Promise<(number | null)[]> {
  return series(async () => {
    const rtt = await socket.ping(options.timeoutMs);
    return { rtt, failure: rtt === null ? 'timeout' : null };
  }, options);
}
