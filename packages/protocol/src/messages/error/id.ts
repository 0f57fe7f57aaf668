import type { ErrorMessages } from './en.js';

export default {
  'error.badJson': 'Isi permintaan bukan JSON yang valid.',
  'error.badUrl': 'Alamat permintaan ini tidak valid.',
  'error.badRequest': 'Permintaan tidak dapat dibaca. Silakan kirim ulang.',
  'error.crossSiteRequest':
    'Permintaan ini berasal dari situs lain dan ditolak. Buka halaman di server ini, lalu coba lagi.',
  'error.requestTimeout': 'Permintaan terlalu lama tiba dan dibatalkan. Periksa koneksi Anda, lalu coba lagi.',
  'error.invalidField': 'Permintaan berisi kolom yang tidak valid: {{detail}}',
  'error.notLoggedIn': 'Silakan masuk terlebih dahulu.',
  'error.wrongCredentials': 'Akun atau kata sandi salah.',
  'error.apiNotFound': 'Tidak ada API di {{path}}.',
  'error.notFound': 'Tidak ada apa pun di {{path}}.',
  'error.versionNotFound': 'Versi ini tidak ada. Mungkin versi ini sudah dihapus.',
  'error.versionNameTaken': 'Versi dengan nama ini sudah ada.',
  'error.defaultVersionRequired':
    'Harus ada satu versi yang tetap menjadi default. Sebagai gantinya, jadikan versi lain sebagai default.',
  'error.concurrentUpdate': 'Orang lain mengubah data ini pada saat yang sama. Muat ulang, lalu coba lagi.',
  'error.bodyTooLarge': 'Permintaan terlalu besar (maksimal {{max}} byte).',
  'error.unsupportedMediaType': 'Kirim permintaan sebagai JSON (Content-Type: application/json).',
  'error.tooManyLoginAttempts': 'Terlalu banyak upaya masuk yang gagal. Coba lagi dalam {{minutes}} menit.',
  'error.internal': 'Terjadi kesalahan pada server. Silakan coba lagi.',

  'error.field.required': '“{{field}}” wajib diisi.',
  'error.field.tooLong': '“{{field}}” maksimal {{max}} karakter.',
  'error.field.tooShort': '“{{field}}” minimal {{min}} karakter.',
  'error.field.tooBig': '“{{field}}” maksimal {{max}}.',
  'error.field.tooSmall': '“{{field}}” minimal {{min}}.',
  'error.field.wrongType': 'Jenis nilai “{{field}}” salah.',
  'error.field.unknown': '“{{field}}” bukan kolom dalam permintaan ini.',
  'error.field.notAllowed': 'Nilai “{{field}}” tidak diizinkan.',
  'error.field.badCharacter': '“{{field}}” berisi karakter yang tidak diizinkan.',
  'error.resourceNotFound': 'Dokumen ini tidak ada atau belum diterbitkan.',
  'error.categoryNotFound': 'Kategori ini tidak ada atau belum diterbitkan.',
} satisfies ErrorMessages;
