/**
 * The curl test: timed requests to a list of targets, with the phases Resource Timing gives
 * (DNS, connect, TLS, first byte, download). A site on another origin answers opaquely (the page
 * may not read it) and gives phases only if it sends `Timing-Allow-Origin`; it is then reported
 * as reachable, with its total time, and without phases rather than with zeros.
 */
import type { CurlPhases, CurlResult } from '../report/diag-report';

export interface CurlTarget {
  url: string;
  /** Our API's calls are POST JSON; anything a person adds is fetched with GET. */
  method: 'GET' | 'POST';
  body?: string;
}

export const CURL_TIMEOUT_MS = 10_000;

/** Keep every entry of a long session: the browser's default buffer holds 250. */
let bufferRaised = false;

export async function runCurl(target: CurlTarget, timeoutMs = CURL_TIMEOUT_MS): Promise<CurlResult> {
  if (!bufferRaised) {
    performance.setResourceTimingBufferSize(2_000);
    bufferRaised = true;
  }
  const requestTime = new Date().toISOString();
  const url = new URL(target.url, location.href);
  const sameOrigin = url.origin === location.origin;
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, timeoutMs);
  const begun = performance.now();
  try {
    const response = await fetch(url, {
      method: target.method,
      cache: 'no-store',
      credentials: 'omit',
      signal: controller.signal,
      ...(sameOrigin ? {} : { mode: 'no-cors' as const }),
      ...(target.body === undefined ? {} : { body: target.body, headers: { 'content-type': 'application/json' } }),
    });
    // The whole body, so the duration and the download phase are the request's whole life.
    await response.arrayBuffer();
    const elapsed = performance.now() - begun;
    const entry = latestEntry(url.href);
    return {
      target: target.url,
      requestTime,
      // An opaque answer (another origin) says only that the site answered.
      ok: response.type === 'opaque' || response.ok,
      status: response.type === 'opaque' ? null : response.status,
      durationMs: round(entry && entry.duration > 0 ? entry.duration : elapsed),
      phases: entry ? phasesOf(entry) : null,
      error: null,
      message: null,
    };
  } catch (error) {
    const timedOut = controller.signal.aborted;
    return {
      target: target.url,
      requestTime,
      ok: false,
      status: null,
      durationMs: timedOut ? timeoutMs : round(performance.now() - begun),
      phases: null,
      error: timedOut ? 'timeout' : 'exception',
      message: timedOut ? null : error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}

function latestEntry(href: string): PerformanceResourceTiming | undefined {
  const entries = performance.getEntriesByName(href, 'resource') as PerformanceResourceTiming[];
  return entries.at(-1);
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** The phases, or null when the site keeps them to itself (no Timing-Allow-Origin: all zero). */
export function phasesOf(entry: PerformanceResourceTiming): CurlPhases | null {
  if (entry.requestStart === 0 && entry.responseStart === 0) return null;
  const tlsStart = entry.secureConnectionStart > 0 ? entry.secureConnectionStart : entry.connectEnd;
  return {
    dnsMs: round(entry.domainLookupEnd - entry.domainLookupStart),
    connectMs: round(tlsStart - entry.connectStart),
    tlsMs: round(entry.connectEnd - tlsStart),
    firstByteMs: round(entry.responseStart - entry.requestStart),
    downloadMs: round(entry.responseEnd - entry.responseStart),
  };
}
