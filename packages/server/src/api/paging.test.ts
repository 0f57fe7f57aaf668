import { limits } from '@open/protocol/limits';
import { describe, expect, it } from 'vitest';
import { pageOf } from './paging.js';

describe('pageOf', () => {
  it('turns a page number and size into the rows to skip and take', () => {
    expect(pageOf({ page_number: 1, page_size: 10 })).toEqual({ offset: 0, limit: 10 });
    expect(pageOf({ page_number: 3, page_size: 25 })).toEqual({ offset: 50, limit: 25 });
  });

  it('uses the default page size when none is given', () => {
    expect(pageOf({ page_number: 2 })).toEqual({ offset: limits.pageSizeDefault, limit: limits.pageSizeDefault });
  });

  it('asks for every row on page -1 (spec §9)', () => {
    expect(pageOf({ page_number: -1, page_size: 10 })).toBeUndefined();
  });
});
