import type { ShellMessages } from './en.js';

export default {
  'shell.hello': 'Kumusta',
  'shell.helloName': 'Kumusta, {{name}}',
  'shell.language': 'Wika',
  'shell.mainNav': 'Pangunahing nabigasyon',
  'shell.nav.doc': 'Dokumentasyon',
  'shell.nav.cms': 'CMS',
  'shell.nav.demo': 'Demo ng softphone',
  'shell.nav.diagnose': 'Diagnostics',
  'shell.loading': 'Naglo-load…',
  'shell.chunkLoadError':
    'Hindi ma-load ang bahagi ng page na ito. Tingnan ang iyong koneksyon, pagkatapos ay i-reload.',
  'shell.renderError': 'Nagkaproblema sa page na ito. Kadalasang naaayos ito sa pag-reload.',
  'shell.reload': 'I-reload',

  'shell.common.edit': 'I-edit',
  'shell.common.delete': 'I-delete',
  'shell.common.save': 'I-save',
  'shell.common.cancel': 'Kanselahin',
  'shell.common.ok': 'OK',
  'shell.common.refresh': 'I-refresh',
  'shell.common.confirmDelete': 'Sigurado ka bang gusto mong i-delete ito?',
  'shell.common.confirmSwitch': 'Kumpirmahin ang paglipat?',
  'shell.common.formInvalid': 'Hindi pumasa sa validation ang mga field ng form!',
  'shell.common.networkError': 'Hindi maabot ang server. Tingnan ang iyong koneksyon at subukang muli.',
  'shell.common.copied': 'Nakopya na',
  'shell.common.copyFailed': 'Hindi makopya: hindi pinayagan ng browser ang access sa clipboard.',
} satisfies ShellMessages;
