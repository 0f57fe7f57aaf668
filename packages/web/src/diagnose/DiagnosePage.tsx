import { PlaceholderPage } from '../app/PlaceholderPage';

export function Component() {
  return <PlaceholderPage titleKey="diagnose.title" textKey="diagnose.notAvailableYet" />;
}
