import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { limits } from '@open/protocol/limits';
import { ConfigError, isLoopbackHost, loadConfig, parseTrustProxy, trustProxyWarning, type Config } from './config.js';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      redisPrefix: 'open:cti:',
      ctiLeaseMs: 10_000,
      ctiGraceMs: 60_000,
      loginTokenSeconds: 900,
      logLevel: 'info',
      trustProxy: false,
      adminPassword: undefined,
      diagTransferLimitMb: 8192,
      attachmentMaxBytes: limits.attachmentBytesDefault,
      auditRetentionDays: 365,
      backupRetentionDays: 365,
      backupKeepPerItem: 20,
      phoneFrameAncestors: ["'self'"],
      docFallbackLangs: ['en', 'zh-CN'],
      ice: { urls: [], turnSecret: undefined, credentialTtlSeconds: 14_400, transportPolicy: 'all' },
      telephony: { sip: null, relays: [], edge: null, carrierCheckEveryMs: 10_000 },
      secretKeys: [],
      secretsForgetUnreadable: false,
      webhookPrivateTargets: 'allow',
    });
  });

  it('reads SECRETS_KEY, or SECRETS_KEY_FILE, as keys the first of which seals', () => {
    const current = Buffer.alloc(32, 2).toString('base64');
    const earlier = Buffer.alloc(32, 1).toString('hex');
    const fromSetting = loadConfig({ SECRETS_KEY: `${current},${earlier}` }).secretKeys;
    expect(fromSetting.map((key) => key.bytes)).toEqual([Buffer.alloc(32, 2), Buffer.alloc(32, 1)]);
    const folder = mkdtempSync(path.join(tmpdir(), 'open-config-'));
    try {
      const file = path.join(folder, 'secrets.key');
      writeFileSync(file, `${current}\n${earlier}\n`, { mode: 0o600 });
      expect(loadConfig({ SECRETS_KEY_FILE: file }).secretKeys).toEqual(fromSetting);
      expect(loadConfig({ SECRETS_FORGET_UNREADABLE: 'true' }).secretsForgetUnreadable).toBe(true);
      writeFileSync(file, 'not a key\n');
      expect(() => loadConfig({ SECRETS_KEY_FILE: file })).toThrow(
        `SECRETS_KEY_FILE (${file}) must hold keys of 32 random bytes`,
      );
      expect(() => loadConfig({ SECRETS_KEY_FILE: path.join(folder, 'missing.key') })).toThrow(
        new ConfigError(`SECRETS_KEY_FILE cannot be read (ENOENT: "${path.join(folder, 'missing.key')}").`),
      );
      writeFileSync(file, current);
      expect(() => loadConfig({ SECRETS_KEY: current, SECRETS_KEY_FILE: file })).toThrow(
        new ConfigError('Set SECRETS_KEY or SECRETS_KEY_FILE, not both: which keys would seal would be a guess.'),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('reads ICE_SERVERS, TURN_SECRET, TURN_CREDENTIAL_TTL and ICE_TRANSPORT_POLICY', () => {
    const config = loadConfig({
      ICE_SERVERS: 'stun:stun.example.com:3478, turn:turn.example.com:3478?transport=udp turns:turn.example.com:5349',
      TURN_SECRET: ' a-long-shared-secret ',
      TURN_CREDENTIAL_TTL: '3600',
      ICE_TRANSPORT_POLICY: 'relay',
    });
    expect(config.ice).toEqual({
      urls: ['stun:stun.example.com:3478', 'turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'],
      turnSecret: 'a-long-shared-secret',
      credentialTtlSeconds: 3600,
      transportPolicy: 'relay',
    });
    // STUN alone needs no secret.
    expect(loadConfig({ ICE_SERVERS: 'stun:stun.example.com' }).ice.urls).toEqual(['stun:stun.example.com']);
  });

  it('reads DOC_FALLBACK_LANGS as an ordered list of languages', () => {
    expect(loadConfig({ DOC_FALLBACK_LANGS: ' ja , en,zh-CN ' }).docFallbackLangs).toEqual(['ja', 'en', 'zh-CN']);
    expect(loadConfig({ DOC_FALLBACK_LANGS: 'zh-CN' }).docFallbackLangs).toEqual(['zh-CN']);
    expect(loadConfig({ DOC_FALLBACK_LANGS: '  ' }).docFallbackLangs).toEqual(['en', 'zh-CN']);
  });

  it('reads the retention of the audit trail and the content backups', () => {
    const config = loadConfig({ AUDIT_RETENTION_DAYS: '0', BACKUP_RETENTION_DAYS: '30', BACKUP_KEEP_PER_ITEM: '5' });
    expect(config).toMatchObject({ auditRetentionDays: 0, backupRetentionDays: 30, backupKeepPerItem: 5 });
    expect(() => loadConfig({ BACKUP_KEEP_PER_ITEM: '0' })).toThrow(/BACKUP_KEEP_PER_ITEM must be .* \(got "0"\)/);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '-1' })).toThrow(/AUDIT_RETENTION_DAYS/);
    expect(() => loadConfig({ BACKUP_RETENTION_DAYS: 'a year' })).toThrow(/BACKUP_RETENTION_DAYS/);
  });

  it('reads ADMIN_PASSWORD as it is (spaces kept) and ATTACHMENT_MAX_BYTES', () => {
    const config = loadConfig({ ADMIN_PASSWORD: ' a long secret ', ATTACHMENT_MAX_BYTES: '1024' });
    expect(config).toMatchObject({ adminPassword: ' a long secret ', attachmentMaxBytes: 1024 });
  });

  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['::1', true],
    ['[::1]', true],
    ['localhost', true],
    ['LOCALHOST', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.10', false],
    ['example.com', false],
  ])('HOST %s is loopback: %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/open',
      DATABASE_URL: 'postgres://u@db:5432/open',
      REDIS_URL: 'redis://cache:6379',
      REDIS_PREFIX: 'staging:',
      CTI_LEASE_MS: '3000',
      CTI_GRACE_MS: '20000',
      LOGIN_TOKEN_TTL: '3600',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/tmp/open',
      logLevel: 'warn',
      redisUrl: 'redis://cache:6379',
      redisPrefix: 'staging:',
      ctiGraceMs: 20_000,
      ctiLeaseMs: 3000,
      loginTokenSeconds: 3600,
    });
  });

  it('reads SIP_LISTEN, SIP_ADDRESS and RTPENGINE_NG (IPv6 in brackets)', () => {
    expect(
      loadConfig({ SIP_LISTEN: '0.0.0.0:5060', SIP_ADDRESS: '203.0.113.7', RTPENGINE_NG: '[::1]:2223' }).telephony,
    ).toEqual({
      sip: { host: '0.0.0.0', port: 5060, publicAddress: '203.0.113.7' },
      relays: [{ host: '::1', port: 2223 }],
      edge: null,
      carrierCheckEveryMs: 10_000,
    });
    expect(loadConfig({ SIP_LISTEN: '10.0.0.5:5080', RTPENGINE_NG: 'rtpengine.internal:2223' }).telephony).toEqual({
      sip: { host: '10.0.0.5', port: 5080, publicAddress: '10.0.0.5' },
      relays: [{ host: 'rtpengine.internal', port: 2223 }],
      edge: null,
      carrierCheckEveryMs: 10_000,
    });
    const behindEdge = loadConfig({
      SIP_LISTEN: '10.0.0.5:5080',
      RTPENGINE_NG: '127.0.0.1:2223',
      SIP_EDGE: '10.0.0.2:5060',
      DATABASE_URL: 'postgres://db/x',
      REDIS_URL: 'redis://r:6379',
    });
    expect(behindEdge.telephony.edge).toEqual({ host: '10.0.0.2', port: 5060 });
    expect(
      loadConfig({ SIP_LISTEN: '10.0.0.5:5080', RTPENGINE_NG: '10.0.0.7:2223, 10.0.0.8:2223' }).telephony.relays,
    ).toEqual([
      { host: '10.0.0.7', port: 2223 },
      { host: '10.0.0.8', port: 2223 },
    ]);
    expect(loadConfig({ SIP_OPTIONS_EVERY: '1' }).telephony.carrierCheckEveryMs).toBe(1_000);
  });

  it('reads PHONE_FRAME_ANCESTORS as a list of origins', () => {
    expect(
      loadConfig({ PHONE_FRAME_ANCESTORS: "'self', https://crm.example.com https://*.example.org:8443" })
        .phoneFrameAncestors,
    ).toEqual(["'self'", 'https://crm.example.com', 'https://*.example.org:8443']);
  });

  it.each([
    ['false', false],
    ['2', 2],
    ['10.0.0.1, 192.168.0.0/16', ['10.0.0.1', '192.168.0.0/16']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  // Issue #38: a setting that trusts everyone, or that Fastify cannot read, stops the start in one line.
  const proxyHow =
    'give the number of proxies in front of the server (for example 1) or their addresses (for example 10.0.0.1,10.1.0.0/16).';

  it.each([
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['::/0', '::/0'],
    ['10.0.0.1, ::/0', '::/0'],
    // IPv6 ranges that hold the IPv4-mapped space trust every IPv4 client.
    ['::ffff:0.0.0.0/96', '::ffff:0.0.0.0/96'],
    ['::/16', '::/16'],
  ])('refuses TRUST_PROXY=%s, which trusts every address, in one line naming the setting', (value, entry) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      new ConfigError(
        `TRUST_PROXY=${entry} trusts every address, so a client could claim any address in X-Forwarded-For; ${proxyHow}`,
      ),
    );
  });

  it('refuses TRUST_PROXY=true, which would believe any header', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      new ConfigError(
        `TRUST_PROXY=true would believe any X-Forwarded-For header, so a client could claim any address; ${proxyHow}`,
      ),
    );
  });

  it.each([
    ['1.2.3.999', '"1.2.3.999"'],
    ['10.0.0.0/33', '"10.0.0.0/33"'],
    ['2001:db8::/129', '"2001:db8::/129"'],
    ['10.0.0.0/8/8', '"10.0.0.0/8/8"'],
    ['10.0.0.0/', '"10.0.0.0/"'],
    ['1:2', '"1:2"'],
    ['fe80::1%eth0', '"fe80::1%eth0"'],
    ['10.0.0.1,,10.0.0.2', '"" in "10.0.0.1,,10.0.0.2"'],
    ['10.0.0.1, 10.0.0.300', '"10.0.0.300" in "10.0.0.1, 10.0.0.300"'],
    ['yes', '"yes"'],
  ])('refuses TRUST_PROXY=%s, which is no address, naming the setting and the entry', (value, got) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      new ConfigError(
        `TRUST_PROXY must be false, the number of proxies in front of the server or a comma-separated list of their addresses (got ${got}).`,
      ),
    );
  });

  it('takes only TRUST_PROXY addresses Fastify can read, so a start never fails on them with a TypeError', () => {
    for (const value of [
      '10.0.0.1',
      '10.0.0.0/8',
      '192.168.1.0/24, 10.0.0.1',
      '0.0.0.0/1',
      '2001:db8::/32',
      '::1',
      '::ffff:10.0.0.0/104',
      '1:2:3:4:5:6:1.2.3.4',
    ]) {
      const trustProxy = parseTrustProxy(value);
      expect(Array.isArray(trustProxy), value).toBe(true);
      expect(() => Fastify({ trustProxy: trustProxy as string[] }), value).not.toThrow();
    }
  });

  it('warns of a TRUST_PROXY hop count, which believes whoever connects, and of nothing else', () => {
    expect(trustProxyWarning(1)).toBe(
      "TRUST_PROXY=1 believes X-Forwarded-For from whoever connects: this node must be reachable only through the proxy (firewall its port from everything else), or a client that connects directly can claim any address. Listing the proxies' addresses instead is safer.",
    );
    const quiet: Config['trustProxy'][] = [false, 0, ['10.0.0.1']];
    for (const value of [...quiet, undefined]) expect(trustProxyWarning(value)).toBeUndefined();
  });

  it.each([
    [
      { TRUST_PROXY: 'the load balancer' },
      'TRUST_PROXY must be false, the number of proxies in front of the server or a comma-separated list of their addresses (got "the load balancer").',
    ],
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 0 to 65535 (got "eighty").'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535 (got "70000").'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud").'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres: or postgresql:// (got "mysql://").'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL is not a URL (got "not a url").'],
    [
      { REDIS_URL: 'http://x', DATABASE_URL: 'postgres://u@db/open' },
      'REDIS_URL must start with redis: or rediss:// (got "http://").',
    ],
    [
      { REDIS_URL: 'redis://cache:6379' },
      'REDIS_URL needs DATABASE_URL: the nodes of a cluster must share one PostgreSQL database.',
    ],
    [
      { PHONE_FRAME_ANCESTORS: 'https://crm.example.com javascript:alert(1)' },
      `PHONE_FRAME_ANCESTORS must list origins such as https://crm.example.com, 'self' or * (got "javascript:alert(1)").`,
    ],
    [{ CTI_LEASE_MS: '100' }, 'CTI_LEASE_MS must be a whole number of milliseconds from 500 to 60000 (got "100").'],
    [{ CTI_LEASE_MS: 'soon' }, 'CTI_LEASE_MS must be a whole number of milliseconds from 500 to 60000 (got "soon").'],
    [
      { CTI_GRACE_MS: '5000' },
      'CTI_GRACE_MS must be a whole number of milliseconds from 10000 to 600000 (got "5000").',
    ],
    [{ CTI_GRACE_MS: '1h' }, 'CTI_GRACE_MS must be a whole number of milliseconds from 10000 to 600000 (got "1h").'],
    [{ LOGIN_TOKEN_TTL: '30' }, 'LOGIN_TOKEN_TTL must be a whole number of seconds from 60 to 86400 (got "30").'],
    [{ LOGIN_TOKEN_TTL: '1d' }, 'LOGIN_TOKEN_TTL must be a whole number of seconds from 60 to 86400 (got "1d").'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD must have from 8 to 128 characters (got 5).'],
    [{ ADMIN_PASSWORD: 'x'.repeat(129) }, 'ADMIN_PASSWORD must have from 8 to 128 characters (got 129).'],
    [{ ADMIN_PASSWORD: 'admin@open' }, 'ADMIN_PASSWORD must not be the published demo password.'],
    [
      { ATTACHMENT_MAX_BYTES: '20MB' },
      'ATTACHMENT_MAX_BYTES must be a whole number of bytes from 1 to 2147483647 (got "20MB").',
    ],
    [
      { ATTACHMENT_MAX_BYTES: '0' },
      'ATTACHMENT_MAX_BYTES must be a whole number of bytes from 1 to 2147483647 (got "0").',
    ],
    [
      { ATTACHMENT_MAX_BYTES: '3000000000' },
      'ATTACHMENT_MAX_BYTES must be a whole number of bytes from 1 to 2147483647 (got "3000000000").',
    ],
    [
      { DOC_FALLBACK_LANGS: 'en,english,zh-CN' },
      'DOC_FALLBACK_LANGS must be a comma-separated list of ar, bn, de, en, es, fil, fr, hi, id, it, ja, ko, ms, pt, ru, th, vi, zh-CN, zh-TW (got "english" in "en,english,zh-CN").',
    ],
    [
      { DOC_FALLBACK_LANGS: 'en,,zh-CN' },
      'DOC_FALLBACK_LANGS must be a comma-separated list of ar, bn, de, en, es, fil, fr, hi, id, it, ja, ko, ms, pt, ru, th, vi, zh-CN, zh-TW (got "" in "en,,zh-CN").',
    ],
    [{ DOC_FALLBACK_LANGS: 'en,zh-CN,en' }, 'DOC_FALLBACK_LANGS names en twice (got "en,zh-CN,en").'],
    [
      { DOC_FALLBACK_LANGS: 'en' },
      'DOC_FALLBACK_LANGS must include zh-CN, the language every document is written in first (got "en").',
    ],
    [
      { ICE_SERVERS: 'stun:stun.example.com https://turn.example.com' },
      'ICE_SERVERS must list stun:, stuns:, turn: or turns: URLs such as turn:turn.example.com:3478?transport=udp (got "https://turn.example.com").',
    ],
    [
      { ICE_SERVERS: 'turn:turn.example.com:3478' },
      `ICE_SERVERS lists a TURN server (got "turn:turn.example.com:3478") but TURN_SECRET is not set: set it to the static-auth-secret of coturn's use-auth-secret.`,
    ],
    [
      { ICE_SERVERS: 'stun:stun.example.com', TURN_SECRET: 'a-long-shared-secret' },
      'TURN_SECRET is set but ICE_SERVERS lists no turn: or turns: URL (got "stun:stun.example.com").',
    ],
    [
      { ICE_SERVERS: 'turn:turn.example.com', TURN_SECRET: 'short' },
      'TURN_SECRET must have at least 16 characters (got 5).',
    ],
    [
      { TURN_CREDENTIAL_TTL: '60' },
      'TURN_CREDENTIAL_TTL must be a whole number of seconds from 600 to 604800 (got "60").',
    ],
    [
      { TURN_CREDENTIAL_TTL: '12h' },
      'TURN_CREDENTIAL_TTL must be a whole number of seconds from 600 to 604800 (got "12h").',
    ],
    [{ ICE_TRANSPORT_POLICY: 'none' }, 'ICE_TRANSPORT_POLICY must be one of all, relay (got "none").'],
    [{ SIP_OPTIONS_EVERY: '0' }, 'SIP_OPTIONS_EVERY must be a whole number of seconds from 1 to 300 (got "0").'],
    [{ SIP_OPTIONS_EVERY: '10s' }, 'SIP_OPTIONS_EVERY must be a whole number of seconds from 1 to 300 (got "10s").'],
    [
      { ICE_TRANSPORT_POLICY: 'relay', ICE_SERVERS: 'stun:stun.example.com' },
      'ICE_TRANSPORT_POLICY=relay needs a turn: or turns: URL in ICE_SERVERS (got "stun:stun.example.com").',
    ],
    [
      { SIP_LISTEN: '5060', RTPENGINE_NG: '127.0.0.1:2223' },
      'SIP_LISTEN must be a host and port such as 0.0.0.0:5060 (got "5060").',
    ],
    [
      { SIP_LISTEN: '127.0.0.1:5060', RTPENGINE_NG: '127.0.0.1:99999' },
      'RTPENGINE_NG must be a host and port such as 127.0.0.1:2223, or several separated by commas (got "127.0.0.1:99999").',
    ],
    [
      { SIP_LISTEN: '127.0.0.1:5060', RTPENGINE_NG: '127.0.0.1:2223,' },
      'RTPENGINE_NG must be a host and port such as 127.0.0.1:2223, or several separated by commas (got "").',
    ],
    [
      { SIP_LISTEN: '127.0.0.1:5060', RTPENGINE_NG: '10.0.0.7:2223,10.0.0.7:2223' },
      'RTPENGINE_NG names 10.0.0.7:2223 twice.',
    ],
    [
      { SIP_LISTEN: '127.0.0.1:5060' },
      'SIP_LISTEN and RTPENGINE_NG go together: a SIP trunk needs the media relay, and the relay is only used by trunks. Set both, or neither.',
    ],
    [
      { SIP_LISTEN: '0.0.0.0:5060', RTPENGINE_NG: '127.0.0.1:2223' },
      'SIP_LISTEN listens on every address (0.0.0.0): set SIP_ADDRESS to the address the trunk reaches this node at.',
    ],
    [{ SECRETS_FORGET_UNREADABLE: 'yes' }, 'SECRETS_FORGET_UNREADABLE must be true or false (got "yes").'],
    [
      { SECRETS_KEY: 'hunter2' },
      'SECRETS_KEY must hold keys of 32 random bytes, each written in base64 (44 characters, such as the output of "openssl rand -base64 32") or in hex (64 characters); one of them is 7 characters long.',
    ],
    [
      {
        SIP_LISTEN: '127.0.0.1:5060',
        RTPENGINE_NG: '127.0.0.1:2223',
        DATABASE_URL: 'postgres://db/x',
        REDIS_URL: 'redis://r:6379',
      },
      'SIP_LISTEN with REDIS_URL needs SIP_EDGE: several nodes take carriers\' calls through a SIP edge (Kamailio) that sends each to the node running its tenant (docs/TELEPHONY.md, "Several nodes").',
    ],
    [
      { SIP_EDGE: '10.0.0.2:5060' },
      "SIP_EDGE is set but SIP_LISTEN is not: the edge sends calls to the node's SIP user agent, so set both.",
    ],
    [
      { SIP_LISTEN: '10.0.0.5:5060', RTPENGINE_NG: '127.0.0.1:2223', SIP_EDGE: '10.0.0.5:5070' },
      "SIP_EDGE (10.0.0.5) is the node's own address: give the edge an address of its own (another host, or another address on this one).",
    ],
    [
      { SIP_LISTEN: '127.0.0.1:5060', RTPENGINE_NG: '127.0.0.1:2223', SIP_EDGE: 'edge' },
      'SIP_EDGE must be a host and port such as 10.0.0.2:5060 (got "edge").',
    ],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});
