import { SelectedVersion } from './SelectedVersion';

/** doc.single, also reachable as docs/single. */
export function Component() {
  return <SelectedVersion />;
}
