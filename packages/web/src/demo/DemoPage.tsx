import { PlaceholderPage } from '../app/PlaceholderPage';

export function Component() {
  return <PlaceholderPage titleKey="demo.title" sectionKey="softphone.title" textKey="demo.notAvailableYet" />;
}
