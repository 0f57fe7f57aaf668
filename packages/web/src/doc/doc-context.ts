import { useOutletContext } from 'react-router';
import type { DocCategory } from '@open/protocol/api';
import type { QueryState } from '../api/use-query';
import type { ReaderScope } from './reader-scope';

/** What the documentation page hands its child views. */
export interface DocOutletContext {
  scope: ReaderScope;
  tree: QueryState<{ list: DocCategory[] }>;
  /** Highlights the category of what the view shows in the sidebar. */
  setActiveCategory: (id: string | undefined) => void;
}

export function useDocContext(): DocOutletContext {
  return useOutletContext<DocOutletContext>();
}
