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
    relays: { address: string; answers: boolean; round_trip_ms: number | null; since: string }[];
  };
}

async function health(server: RunningServer): Promise<{ code: number; body: Health }> {
  const response = await fetch(`${server.origin}${HEALTH}`);
  return { code: response.status, body: (await response.json()) as Health };
}

describe('the health of the SIP trunks', () => {
  it('is in the banner and /health, each relay of several; a relay that dies is reported within seconds, once', async () => {
    const [relay, other] = await Promise.all([startRtpengine(), startRtpengine()]);
    cleanups.push(
      () => relay.stop(),
      () => other.stop(),
    );
    const sipPort = await freeSipPort();
    const server = await startServer({
      env: { SIP_LISTEN: `127.0.0.1:${String(sipPort)}`, RTPENGINE_NG: `${relay.ng},${other.ng}`, LOG_LEVEL: 'info' },
    });
    cleanups.push(() => server.stop());
    const answers = (ng: string) => `rtpengine at ${ng.replace(/\./g, '\\.')} answers \\([\\d.]+ ms\\)`;
    expect(server.output()).toMatch(
      new RegExp(
        `SIP trunks {5}SIP on 127\\.0\\.0\\.1:${String(sipPort)} \\(UDP and TCP\\); media relays ${answers(relay.ng)}; ${answers(other.ng)}`,
      ),
    );
    const up = await health(server);
    expect(up.code).toBe(200);
    expect(up.body).toMatchObject({
      status: 'ok',
      telephony: {
        sip: `127.0.0.1:${String(sipPort)}`,
        relays: [
          { address: relay.ng, answers: true },
          { address: other.ng, answers: true },
        ],
      },
    });
    expect(up.body.telephony?.relays[0]?.round_trip_ms).toBeGreaterThanOrEqual(0);

    await relay.stop();
    // A check every 5 s, each given 3 s: known within 8 s.
    await expect
      .poll(async () => (await health(server)).body.status, { timeout: 15_000, interval: 500 })
      .toBe('degraded');
    const down = await health(server);
    expect(down.code).toBe(200);
    expect(down.body.telephony?.relays[0]).toMatchObject({ answers: false, round_trip_ms: null });
    expect(down.body.telephony?.relays[1]).toMatchObject({ answers: true });
    expect(Date.parse(down.body.telephony?.relays[0]?.since ?? '')).toBeGreaterThan(
      Date.parse(up.body.telephony?.relays[0]?.since ?? ''),
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
    expect((await health(wrong)).body).toMatchObject({
      status: 'degraded',
      telephony: { relays: [{ answers: false }] },
    });
    expect(plain.output()).toContain(
      'SIP trunks     off (SIP_LISTEN and RTPENGINE_NG not set): every tenant on the simulated network',
    );
    expect(await health(plain)).toEqual({ code: 200, body: { status: 'ok' } });
  });
});
