import type { DemoMessages } from './en.js';

export default {
  'demo.title': 'Demonstração interativa do Icall',
  'demo.notAvailableYet': 'Esta página ainda não está disponível.',
} satisfies DemoMessages;
