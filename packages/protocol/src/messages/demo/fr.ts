import type { DemoMessages } from './en.js';

export default {
  'demo.title': 'Démo découverte Icall',
  'demo.notAvailableYet': 'Cette page n’est pas encore disponible.',
} satisfies DemoMessages;
