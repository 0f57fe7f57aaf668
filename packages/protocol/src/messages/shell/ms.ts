import type { ShellMessages } from './en.js';

export default {
  'shell.hello': 'Helo',
  'shell.helloName': 'Helo, {{name}}',
  'shell.language': 'Bahasa',
  'shell.mainNav': 'Navigasi utama',
  'shell.nav.doc': 'Dokumentasi',
  'shell.nav.cms': 'CMS',
  'shell.nav.demo': 'Demo softphone',
  'shell.nav.diagnose': 'Diagnostik',
  'shell.loading': 'Memuatkan…',
  'shell.chunkLoadError': 'Sebahagian halaman ini tidak dapat dimuatkan. Semak sambungan anda, kemudian muat semula.',
  'shell.renderError': 'Berlaku masalah pada halaman ini. Biasanya, muat semula halaman dapat membantu.',
  'shell.reload': 'Muat semula',

  'shell.common.edit': 'Edit',
  'shell.common.delete': 'Padam',
  'shell.common.save': 'Simpan',
  'shell.common.cancel': 'Batal',
  'shell.common.ok': 'OK',
  'shell.common.refresh': 'Segar semula',
  'shell.common.confirmDelete': 'Adakah anda pasti mahu memadam?',
  'shell.common.confirmSwitch': 'Adakah anda pasti mahu menukar?',
  'shell.common.formInvalid': 'Pengesahan medan borang gagal!',
  'shell.common.networkError': 'Pelayan tidak dapat dihubungi. Semak sambungan anda dan cuba lagi.',
  'shell.common.copied': 'Disalin',
  'shell.common.copyFailed': 'Tidak dapat menyalin: pelayar tidak membenarkan akses ke papan keratan.',
} satisfies ShellMessages;
