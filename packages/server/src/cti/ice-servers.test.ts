import { describe, expect, it } from 'vitest';
import { isIceUrl, isTurnUrl, noIceServers, type IceSettings } from '../ice-settings.js';
import { iceServersFor, turnCredential } from './ice-servers.js';

const agentId = '2f1c6c1e-8f5a-4c47-9a5e-0d2b3f4a5b6c';
/** 2023-11-14T22:13:20Z */
const now = 1_700_000_000_000;

describe('turnCredential', () => {
  it('is the TURN REST API credential coturn computes', () => {
    // Computed outside Node, so the test cannot share a mistake with the code:
    //   printf '%s' "1700043200:<agentId>" | openssl dgst -sha1 -hmac "north-wind" -binary | base64
    expect(turnCredential('north-wind', agentId, 1_700_043_200)).toEqual({
      username: `1700043200:${agentId}`,
      credential: 'Q7vi17Z7juXc7rQyv2OdSoSI8xU=',
    });
    //   printf '%s' "1700000600:lina" | openssl dgst -sha1 -hmac "s3cret" -binary | base64
    expect(turnCredential('s3cret', 'lina', 1_700_000_600).credential).toBe('41cELBwplGyjVO6ZCYRikfLpgRk=');
  });
});

describe('iceServersFor', () => {
  const settings: IceSettings = {
    urls: ['stun:stun.example.com:3478', 'turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'],
    turnSecret: 'north-wind',
    credentialTtlSeconds: 43_200,
    transportPolicy: 'relay',
  };

  it('hands STUN servers as they are and TURN servers with a credential expiring after the TTL', () => {
    const ready = iceServersFor(settings, agentId, now);
    expect(ready).toEqual({
      ice_servers: [
        { urls: ['stun:stun.example.com:3478'] },
        {
          urls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'],
          username: `1700043200:${agentId}`,
          credential: 'Q7vi17Z7juXc7rQyv2OdSoSI8xU=',
        },
      ],
      ice_transport_policy: 'relay',
    });
  });

  it('mints a fresh credential each time, expiring TTL seconds after that moment', () => {
    const later = now + 90_500;
    const [, first] = iceServersFor(settings, agentId, now).ice_servers;
    const [, second] = iceServersFor({ ...settings, credentialTtlSeconds: 600 }, agentId, later).ice_servers;
    expect(first?.username).toBe(`${String(now / 1000 + 43_200)}:${agentId}`);
    // Whole seconds, rounded down: coturn reads the expiry as an integer.
    expect(second?.username).toBe(`${String(Math.floor(later / 1000) + 600)}:${agentId}`);
    expect(second?.credential).toBe(turnCredential('north-wind', agentId, Math.floor(later / 1000) + 600).credential);
    expect(second?.credential).not.toBe(first?.credential);
  });

  it('gives each agent their own username', () => {
    const [, lina] = iceServersFor(settings, 'agent-a', now).ice_servers;
    const [, wang] = iceServersFor(settings, 'agent-b', now).ice_servers;
    expect(lina?.username).not.toBe(wang?.username);
    expect(lina?.credential).not.toBe(wang?.credential);
  });

  it('hands nothing when none is configured (host candidates only)', () => {
    expect(iceServersFor(noIceServers, agentId, now)).toEqual({ ice_servers: [], ice_transport_policy: 'all' });
    expect(iceServersFor({ ...noIceServers, urls: ['stun:stun.example.com'] }, agentId, now).ice_servers).toEqual([
      { urls: ['stun:stun.example.com'] },
    ]);
  });
});

describe('isIceUrl', () => {
  it.each([
    'stun:stun.example.com',
    'stun:stun.example.com:3478',
    'stuns:stun.example.com:5349',
    'turn:turn.example.com:3478?transport=udp',
    'turn:turn.example.com?transport=tcp',
    'turns:turn.example.com:5349',
    'turn:127.0.0.1:3478',
    'turn:[2001:db8::1]:3478',
    'TURN:Turn.Example.com',
  ])('accepts %s', (url) => {
    expect(isIceUrl(url)).toBe(true);
  });

  it.each([
    'http://turn.example.com',
    'turn://turn.example.com:3478',
    'turn:',
    'turn:turn.example.com:0',
    'turn:turn.example.com:70000',
    'turn:turn.example.com:3478?transport=sctp',
    'stun:stun.example.com?transport=udp',
    'turn:user@turn.example.com',
    'turn:turn example.com',
  ])('refuses %s', (url) => {
    expect(isIceUrl(url)).toBe(false);
  });

  it('tells TURN from STUN', () => {
    expect(['turn:a', 'turns:a', 'stun:a', 'stuns:a'].map(isTurnUrl)).toEqual([true, true, false, false]);
  });
});
