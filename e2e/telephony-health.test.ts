/**
 * Whether the node's SIP trunks can carry calls, as an operator sees it (issue #39, item 8): the
 * start banner and `/health` say where SIP listens and whether Debian's rtpengine answers; a relay
 * that dies is reported within seconds (the node 'degraded', still 200), once in the log; a wrong
 * RTPENGINE_NG is reported at start; a node without trunks says so.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { freeTcpAndUdpPort, startServer, type RunningServer } from './harness.js';
import { freeSipPort, startRtpengine } from './telephony.js';

const HEALTH = '/dzfront/open/server/health';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

interface Health {
  status: string;
  telephony?: {
    sip: string;
    relay: { address: string; answers: boolean; round_trip_ms: number | null; since: string };
  };
}

async function health(server: RunningServer): Promise<{ code: number; body: Health }> {
  const response = await fetch(`${server.origin}${HEALTH}`);
  return { code: response.status, body: (await response.json()) as Health };
}

describe('the health of the SIP trunks', () => {
  it('is in the banner and /health; a relay that dies is reported within seconds, once', async () => {
    const relay = await startRtpengine();
    cleanups.push(() => relay.stop());
    const sipPort = await freeSipPort();
    const server = await startServer({
      env: { SIP_LISTEN: `127.0.0.1:${String(sipPort)}`, RTPENGINE_NG: relay.ng, LOG_LEVEL: 'info' },
    });
    cleanups.push(() => server.stop());
    expect(server.output()).toMatch(
      new RegExp(
        `SIP trunks {5}SIP on 127\\.0\\.0\\.1:${String(sipPort)} \\(UDP and TCP\\); media relay rtpengine at ${relay.ng.replace(/\./g, '\\.')} answers \\([\\d.]+ ms\\)`,
      ),
    );
    const up = await health(server);
    expect(up.code).toBe(200);
    expect(up.body).toMatchObject({
      status: 'ok',
      telephony: { sip: `127.0.0.1:${String(sipPort)}`, relay: { address: relay.ng, answers: true } },
    });
    expect(up.body.telephony?.relay.round_trip_ms).toBeGreaterThanOrEqual(0);

    await relay.stop();
    // A check every 5 s, each given 3 s: known within 8 s.
    await expect
      .poll(async () => (await health(server)).body.status, { timeout: 15_000, interval: 500 })
      .toBe('degraded');
    const down = await health(server);
    expect(down.code).toBe(200);
    expect(down.body.telephony?.relay).toMatchObject({ answers: false, round_trip_ms: null });
    expect(Date.parse(down.body.telephony?.relay.since ?? '')).toBeGreaterThan(
      Date.parse(up.body.telephony?.relay.since ?? ''),
    );
    // Said once, not at every check.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(server.output().match(/the media relay \(rtpengine\) does not answer/g)).toHaveLength(1);
  });

  it('says at start that a wrong RTPENGINE_NG does not answer, and that a node without trunks has none', async () => {
    const nothingThere = await freeTcpAndUdpPort();
    const sipPort = await freeSipPort();
    const [wrong, plain] = await Promise.all([
      startServer({
        env: { SIP_LISTEN: `127.0.0.1:${String(sipPort)}`, RTPENGINE_NG: `127.0.0.1:${String(nothingThere)}` },
      }),
      startServer(),
    ]);
    cleanups.push(
      () => wrong.stop(),
      () => plain.stop(),
    );
    expect(wrong.output()).toContain(
      `media relay rtpengine at 127.0.0.1:${String(nothingThere)} DOES NOT ANSWER: check RTPENGINE_NG and that rtpengine runs (docs/TELEPHONY.md); trunk calls fail until it does`,
    );
    expect((await health(wrong)).body).toMatchObject({ status: 'degraded', telephony: { relay: { answers: false } } });
    expect(plain.output()).toContain(
      'SIP trunks     off (SIP_LISTEN and RTPENGINE_NG not set): every tenant on the simulated network',
    );
    expect(await health(plain)).toEqual({ code: 200, body: { status: 'ok' } });
  });
});
