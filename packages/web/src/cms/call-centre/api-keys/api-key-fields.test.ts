import { describe, expect, it } from 'vitest';
import { apiKeyLimits } from '@open/protocol/event-stream';
import { EVENT_STREAM_PATH } from '@open/protocol/event-stream';
import { apiKeyBody, isFull, isolated, streamCurl } from './api-key-fields';

describe('apiKeyBody', () => {
  it('sends the name trimmed, for the tenant', () => {
    expect(apiKeyBody('tenant-1', { name: '  CRM production ' })).toEqual({
      tenant_id: 'tenant-1',
      name: 'CRM production',
    });
  });
});

describe('isFull', () => {
  it('is true from the limit of keys on', () => {
    expect(isFull(0)).toBe(false);
    expect(isFull(apiKeyLimits.perTenant - 1)).toBe(false);
    expect(isFull(apiKeyLimits.perTenant)).toBe(true);
    expect(isFull(apiKeyLimits.perTenant + 1)).toBe(true);
  });
});

describe('streamCurl', () => {
  it('is the one-line command that opens the stream on this origin with the key', () => {
    expect(streamCurl('https://cc.example.com', 'opk_abc-DEF_123')).toBe(
      `curl -N -X POST -H "Authorization: Bearer opk_abc-DEF_123" -H "content-type: application/json" -d '{}' https://cc.example.com${EVENT_STREAM_PATH}`,
    );
  });

  it('posts to the protocol’s stream path', () => {
    expect(
      streamCurl('http://127.0.0.1:8080', 'opk_x').endsWith(
        'http://127.0.0.1:8080/dzfront/open/server/api/events/stream',
      ),
    ).toBe(true);
  });
});

describe('isolated', () => {
  it('wraps the text in first-strong isolation marks', () => {
    expect(isolated('CRM')).toBe('\u2068CRM\u2069');
  });
});
