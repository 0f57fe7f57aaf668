import type { ApiEnvelope } from '@open/protocol/api';
import { errorNameOf } from '../../ui/feedback';

/** Who saved an item after the revision a save started from (the `data` of `staleRevision`). */
export interface StaleDetail {
  revision: number;
  updated_at: string;
  updated_by: string | null;
}

export function staleDetail(error: unknown): StaleDetail | undefined {
  if (errorNameOf(error) !== 'staleRevision') return undefined;
  return (error as ApiEnvelope<StaleDetail>).data;
}
