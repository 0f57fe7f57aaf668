import { SelectedVersion } from './SelectedVersion';

/** doc.batch, the default child of the documentation route. */
export function Component() {
  return <SelectedVersion />;
}
