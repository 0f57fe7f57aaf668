import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      logLevel: 'info',
      trustProxy: false,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/open',
      DATABASE_URL: 'postgres://u@db:5432/open',
      REDIS_URL: 'redis://cache:6379',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({ port: 9000, host: '127.0.0.1', dataDir: '/tmp/open', logLevel: 'warn' });
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['10.0.0.1, 192.168.0.0/16', ['10.0.0.1', '192.168.0.0/16']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    [
      { TRUST_PROXY: 'the load balancer' },
      'TRUST_PROXY must be true, false, a number of proxies or a comma-separated list of their addresses (got "the load balancer").',
    ],
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 0 to 65535 (got "eighty").'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535 (got "70000").'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud").'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres: or postgresql:// (got "mysql://").'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL is not a URL (got "not a url").'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL must start with redis: or rediss:// (got "http://").'],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});
