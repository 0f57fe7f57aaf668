import { limits } from '@open/protocol/limits';

/** The rows a `page_number` / `page_size` body asks for; `page_number: -1` means all (spec §9). */
export function pageOf(body: {
  page_number: number;
  page_size?: number | undefined;
}): { offset: number; limit: number } | undefined {
  const size = body.page_size ?? limits.pageSizeDefault;
  return body.page_number === -1 ? undefined : { offset: (body.page_number - 1) * size, limit: size };
}
