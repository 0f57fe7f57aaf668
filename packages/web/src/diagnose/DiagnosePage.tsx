import { PlaceholderPage } from '../app/PlaceholderPage';

export function Component() {
  return <PlaceholderPage titleKey="title.diagnose" />;
}
