/**
 * The bandwidth test (DESIGN §9): several parallel streams against our own `diag/*` endpoints,
 * for a fixed time, the first seconds (TCP's slow start, a shaper's burst bucket) not counted.
 * Downloads are counted as the body arrives (a fetch stream), uploads as the browser hands the
 * body to the network (XHR upload progress), which in steady state advances at the link's rate.
 * The figure is goodput; the link rate adds the derived TCP/IP and Ethernet overhead (stats.ts).
 */
import { limits } from '@open/protocol/limits';
import { DIAG_DOWNLOAD_PATH, DIAG_UPLOAD_PATH } from '@open/protocol/paths';
import type { BandwidthResult } from '../report/diag-report';
import { linkRate, rateSeries, throughput, type ThroughputSample } from '../shared/stats';

export type Direction = 'download' | 'upload';

export interface BandwidthProgress {
  direction: Direction;
  /** Share of the test's time gone, 0..1. */
  fraction: number;
  /** The live series so far, Mbit/s per window, for the chart. */
  series: { t: number; mbps: number }[];
}

export interface BandwidthOptions {
  streams: number;
  durationMs: number;
  warmupMs: number;
  signal?: AbortSignal;
  onProgress?: (progress: BandwidthProgress) => void;
}

export const defaultBandwidthOptions = { streams: 4, durationMs: 10_000, warmupMs: 2_000 } as const;

/** How often the byte count is sampled, and the live chart's window. */
const SAMPLE_MS = 100;
const CHART_WINDOW_MS = 500;
/**
 * Requests start small and double while they finish within a second, so a slow link gets
 * frequent progress and a fast one is not dominated by the gap between two requests.
 */
const FIRST_REQUEST_BYTES = 256 * 1024;
const QUICK_REQUEST_MS = 1_000;

export class BandwidthError extends Error {
  override name = 'BandwidthError';
}

/**
 * What to say of a refused transfer: the server's own message when it answered in its envelope
 * (it is in the reader's language, and says how long to wait when the address's share is used),
 * else the status.
 */
export function refusal(status: number, text: string): BandwidthError {
  try {
    const message: unknown = (JSON.parse(text) as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') return new BandwidthError(message);
  } catch {
    // Not our envelope (a proxy's page): the status says enough.
  }
  return new BandwidthError(`HTTP ${status}`);
}

const toMbps = (bitsPerSecond: number) => bitsPerSecond / 1e6;
const nextSize = (bytes: number, tookMs: number) =>
  tookMs < QUICK_REQUEST_MS ? Math.min(bytes * 2, limits.diagTransferBytes) : bytes;

/** Runs one direction and returns its result; rejects only when no byte could be moved at all. */
export async function measureBandwidth(direction: Direction, options: BandwidthOptions): Promise<BandwidthResult> {
  const stop = new AbortController();
  const outer = options.signal;
  const onOuterAbort = () => {
    stop.abort();
  };
  outer?.addEventListener('abort', onOuterAbort);
  const started = performance.now();
  let total = 0;
  const samples: ThroughputSample[] = [{ t: 0, bytes: 0 }];
  const sample = () => {
    samples.push({ t: performance.now() - started, bytes: total });
  };
  const ticker = setInterval(() => {
    sample();
    options.onProgress?.({
      direction,
      fraction: Math.min(1, (performance.now() - started) / options.durationMs),
      series: rateSeries(samples, CHART_WINDOW_MS).map((p) => ({ t: p.t, mbps: toMbps(p.bitsPerSecond) })),
    });
  }, SAMPLE_MS);
  const deadline = setTimeout(() => {
    stop.abort();
  }, options.durationMs);

  const failures: unknown[] = [];
  // A function, not the property: the loop's awaits may see it change.
  const stopped = () => stop.signal.aborted;
  const stream = async () => {
    let bytes = FIRST_REQUEST_BYTES;
    const body = direction === 'upload' ? randomBody(limits.diagTransferBytes) : null;
    while (!stopped()) {
      const begun = performance.now();
      try {
        if (body) await uploadOnce(body.slice(0, bytes), stop.signal, (moved) => (total += moved));
        else await downloadOnce(bytes, stop.signal, (moved) => (total += moved));
      } catch (error) {
        if (stopped()) return;
        failures.push(error);
        return;
      }
      bytes = nextSize(bytes, performance.now() - begun);
    }
  };
  try {
    await Promise.all(Array.from({ length: options.streams }, stream));
  } finally {
    clearInterval(ticker);
    clearTimeout(deadline);
    outer?.removeEventListener('abort', onOuterAbort);
  }
  sample();
  const measured = throughput(samples, options.warmupMs);
  if (!measured || measured.bytes === 0) {
    throw new BandwidthError(failures.length > 0 ? String(failures[0]) : 'no data moved');
  }
  const goodput = measured.bitsPerSecond;
  return {
    goodputMbps: toMbps(goodput),
    linkMbps: toMbps(linkRate(goodput)),
    bytes: measured.bytes,
    durationMs: measured.durationMs,
    streams: options.streams,
    series: rateSeries(samples, CHART_WINDOW_MS).map((p) => ({ t: p.t, mbps: toMbps(p.bitsPerSecond) })),
  };
}

/** One download request, each chunk counted as it arrives. */
async function downloadOnce(bytes: number, signal: AbortSignal, moved: (bytes: number) => void): Promise<void> {
  const response = await fetch(DIAG_DOWNLOAD_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bytes }),
    cache: 'no-store',
    signal,
  });
  if (!response.ok || !response.body) throw refusal(response.status, await response.text());
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    moved(value.byteLength);
  }
}

/** One upload request, counted by the browser's upload progress (fetch cannot report it). */
function uploadOnce(body: Blob, signal: AbortSignal, moved: (bytes: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    let reported = 0;
    request.upload.onprogress = (event) => {
      moved(event.loaded - reported);
      reported = event.loaded;
    };
    request.onload = () => {
      // What the last progress event did not report yet.
      moved(body.size - reported);
      reported = body.size;
      if (request.status === 200) resolve();
      else reject(refusal(request.status, request.responseText));
    };
    request.onerror = () => {
      reject(new BandwidthError('network error'));
    };
    request.onabort = () => {
      reject(new BandwidthError('aborted'));
    };
    signal.addEventListener(
      'abort',
      () => {
        request.abort();
      },
      { once: true },
    );
    request.open('POST', DIAG_UPLOAD_PATH);
    request.setRequestHeader('content-type', 'application/octet-stream');
    request.send(body);
  });
}

let uploadBody: Blob | undefined;
/**
 * Random bytes, so nothing on the way can compress them. `getRandomValues` fills at most 64 KiB
 * per call; one random block repeated would be compressible by a large-window compressor, so the
 * whole body is random. Made once per page.
 */
function randomBody(bytes: number): Blob {
  if (uploadBody) return uploadBody;
  const data = new Uint8Array(bytes);
  for (let offset = 0; offset < bytes; offset += 65_536) {
    crypto.getRandomValues(data.subarray(offset, Math.min(bytes, offset + 65_536)));
  }
  uploadBody = new Blob([data], { type: 'application/octet-stream' });
  return uploadBody;
}
