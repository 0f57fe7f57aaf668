import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import type { ContentStatus } from '../../db/schema.js';
import { assertRevision, assertStatusChange } from './save-rules.js';

const statuses: ContentStatus[] = [1, 2, 3];

describe('status transitions (DESIGN §5)', () => {
  const allowed = ['1->2', '2->3', '3->2'];
  it.each(statuses.flatMap((from) => statuses.map((to) => [from, to] as const)))('%i -> %i', (from, to) => {
    const change = () => {
      assertStatusChange(from, to);
    };
    if (allowed.includes(`${from}->${to}`)) expect(change).not.toThrow();
    else expect(change).toThrow(expect.objectContaining({ code: errorCatalogue.illegalStatusChange.code }) as Error);
  });
});

describe('revisions', () => {
  const current = { revision: 4, updated_at: new Date('2026-01-02T03:04:05.000Z'), updated_by: 'editor' };

  it('accepts the current revision', () => {
    expect(() => {
      assertRevision(current, 4);
    }).not.toThrow();
  });

  it('refuses another one, saying who saved the current one and when', () => {
    for (const revision of [3, 5]) {
      expect(() => {
        assertRevision(current, revision);
      }).toThrow(
        expect.objectContaining({
          code: errorCatalogue.staleRevision.code,
          status: 409,
          data: { revision: 4, updated_at: '2026-01-02T03:04:05.000Z', updated_by: 'editor' },
        }) as Error,
      );
    }
  });
});
