/** Schemas every area shares: ids, bounded text, lists, the route entry shape. */
import { z } from 'zod';
import { langCodes } from '../locales.js';
import { limits } from '../limits.js';

export const id = z.string().trim().min(1).max(limits.idLength);
export const timestamp = z.string().describe('ISO 8601 date-time');
export const empty = z.strictObject({});

export const langSchema = z.enum(langCodes);

/** `page_number: -1` means all rows (spec §9). */
export const listBody = z.strictObject({
  page_number: z.union([z.literal(-1), z.number().int().min(1).max(limits.pageNumberMax)]),
  page_size: z.number().int().min(1).max(limits.pageSizeMax).optional(),
});

/** One call of the catalogue: its body and the `data` of its answer. */
export interface ApiRoute {
  readonly body: z.ZodType;
  readonly data: z.ZodType;
}
