import type { ShellMessages } from './en.js';

export default {
  'shell.hello': 'Halo',
  'shell.helloName': 'Halo, {{name}}',
  'shell.language': 'Bahasa',
  'shell.mainNav': 'Navigasi utama',
  'shell.nav.doc': 'Dokumentasi',
  'shell.nav.cms': 'CMS',
  'shell.nav.demo': 'Demo softphone',
  'shell.nav.diagnose': 'Diagnostik',
  'shell.loading': 'Memuat…',
  'shell.chunkLoadError': 'Sebagian halaman ini tidak dapat dimuat. Periksa koneksi Anda, lalu muat ulang.',
  'shell.renderError': 'Terjadi masalah pada halaman ini. Memuat ulang halaman biasanya dapat membantu.',
  'shell.reload': 'Muat ulang',

  'shell.common.edit': 'Edit',
  'shell.common.delete': 'Hapus',
  'shell.common.save': 'Simpan',
  'shell.common.cancel': 'Batal',
  'shell.common.ok': 'OK',
  'shell.common.refresh': 'Segarkan',
  'shell.common.confirmDelete': 'Yakin ingin menghapus?',
  'shell.common.confirmSwitch': 'Yakin ingin beralih?',
  'shell.common.formInvalid': 'Validasi kolom formulir gagal!',
  'shell.common.networkError': 'Server tidak dapat dihubungi. Periksa koneksi Anda, lalu coba lagi.',
  'shell.common.copied': 'Disalin',
  'shell.common.copyFailed': 'Tidak dapat menyalin: browser tidak mengizinkan akses ke papan klip.',
} satisfies ShellMessages;
