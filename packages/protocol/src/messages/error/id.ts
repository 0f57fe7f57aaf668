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
  'error.accountDisabled': 'Akun ini telah dinonaktifkan. Minta admin untuk mengaktifkannya kembali.',
  'error.forbidden': 'Peran Anda tidak mengizinkan tindakan ini. Hubungi admin.',
  'error.passwordChangeRequired': 'Ubah kata sandi demo sebelum melanjutkan.',
  'error.attachmentNotFound': 'Lampiran ini tidak ada. Mungkin lampiran ini sudah dihapus.',
  'error.accountNotFound': 'Akun ini tidak ada. Mungkin akun ini sudah dihapus.',
  'error.staleRevision':
    'Orang lain menyimpan data ini setelah Anda membukanya. Bandingkan kedua versi sebelum menyimpan lagi.',
  'error.categoryNotEmpty':
    'Kategori ini masih berisi subkategori atau dokumen. Pindahkan atau hapus isinya terlebih dahulu.',
  'error.illegalStatusChange':
    'Perubahan status ini tidak diizinkan. Hanya item yang belum diterbitkan atau sedang offline yang dapat diterbitkan, dan hanya item yang sudah diterbitkan yang dapat dibuat offline.',
  'error.categoryCycle': 'Kategori tidak dapat dipindahkan ke dalam dirinya sendiri atau ke salah satu subkategorinya.',
  'error.attachmentInUse': 'Masih ada dokumen yang menautkan ke lampiran ini. Hapus tautannya terlebih dahulu.',
  'error.accountTaken': 'Akun dengan nama ini sudah ada.',
  'error.lastAdmin': 'Ini adalah admin aktif terakhir. Jadikan akun lain sebagai admin terlebih dahulu.',
  'error.sortMismatch': 'Daftar berubah saat Anda mengurutkannya. Muat ulang, lalu coba lagi.',
  'error.attachmentTooLarge': 'File terlalu besar (maksimal {{max}} MB).',
  'error.unsupportedFileType':
    'Jenis file ini tidak dapat dilampirkan. Gunakan file gambar, PDF, teks, Markdown, CSV, atau ZIP.',
  'error.categoryNotFound': 'Kategori ini tidak ada atau belum diterbitkan.',
} satisfies ErrorMessages;
