import type { ErrorMessages } from './en.js';

export default {
  'error.badJson': 'Kandungan permintaan bukan JSON yang sah.',
  'error.badUrl': 'Alamat permintaan ini tidak sah.',
  'error.badRequest': 'Permintaan tidak dapat dibaca. Sila hantar semula.',
  'error.crossSiteRequest':
    'Permintaan ini datang dari laman lain dan telah ditolak. Buka halaman pada pelayan ini dan cuba lagi.',
  'error.requestTimeout':
    'Permintaan mengambil masa terlalu lama untuk tiba dan telah dibatalkan. Semak sambungan anda dan cuba lagi.',
  'error.invalidField': 'Permintaan mengandungi medan yang tidak sah: {{detail}}',
  'error.notLoggedIn': 'Sila log masuk dahulu.',
  'error.wrongCredentials': 'Akaun atau kata laluan salah.',
  'error.apiNotFound': 'Tiada API di {{path}}.',
  'error.notFound': 'Tiada apa-apa ditemui di {{path}}.',
  'error.versionNotFound': 'Versi ini tidak wujud. Ia mungkin telah dipadam.',
  'error.versionNameTaken': 'Versi dengan nama ini sudah wujud.',
  'error.defaultVersionRequired': 'Satu versi mesti kekal sebagai lalai. Sebaliknya, jadikan versi lain sebagai lalai.',
  'error.concurrentUpdate': 'Orang lain telah mengubah item ini pada masa yang sama. Muat semula dan cuba lagi.',
  'error.bodyTooLarge': 'Permintaan terlalu besar (maksimum {{max}} bait).',
  'error.unsupportedMediaType': 'Hantar permintaan sebagai JSON (Content-Type: application/json).',
  'error.tooManyLoginAttempts': 'Terlalu banyak percubaan log masuk yang gagal. Cuba lagi dalam {{minutes}} minit.',
  'error.internal': 'Berlaku ralat pada pelayan. Sila cuba lagi.',

  'error.field.required': '“{{field}}” wajib diisi.',
  'error.field.tooLong': '“{{field}}” tidak boleh melebihi {{max}} aksara.',
  'error.field.tooShort': '“{{field}}” mestilah sekurang-kurangnya {{min}} aksara.',
  'error.field.tooBig': '“{{field}}” tidak boleh melebihi {{max}}.',
  'error.field.tooSmall': '“{{field}}” mestilah sekurang-kurangnya {{min}}.',
  'error.field.wrongType': 'Jenis nilai “{{field}}” salah.',
  'error.field.unknown': '“{{field}}” bukan medan dalam permintaan ini.',
  'error.field.notAllowed': 'Nilai “{{field}}” tidak dibenarkan.',
  'error.field.badCharacter': '“{{field}}” mengandungi aksara yang tidak dibenarkan.',
  'error.resourceNotFound': 'Dokumen ini tidak wujud atau belum diterbitkan.',
  'error.accountDisabled': 'Akaun ini telah dinyahdayakan. Minta pentadbir untuk mendayakannya semula.',
  'error.forbidden': 'Peranan anda tidak membenarkan tindakan ini. Hubungi pentadbir.',
  'error.passwordChangeRequired': 'Tukar kata laluan demo sebelum meneruskan.',
  'error.attachmentNotFound': 'Lampiran ini tidak wujud. Ia mungkin telah dipadam.',
  'error.accountNotFound': 'Akaun ini tidak wujud. Ia mungkin telah dipadam.',
  'error.staleRevision':
    'Orang lain telah menyimpan item ini selepas anda membukanya. Bandingkan kedua-dua versi sebelum menyimpan semula.',
  'error.categoryNotEmpty': 'Kategori ini masih mengandungi subkategori atau dokumen. Alihkan atau padamkannya dahulu.',
  'error.illegalStatusChange':
    'Perubahan status ini tidak dibenarkan. Hanya item yang belum diterbitkan atau di luar talian boleh diterbitkan, dan hanya item yang telah diterbitkan boleh dijadikan luar talian.',
  'error.categoryCycle': 'Kategori tidak boleh dialihkan ke bawah dirinya sendiri atau mana-mana subkategorinya.',
  'error.attachmentInUse': 'Masih ada dokumen yang memaut ke lampiran ini. Alih keluar pautan itu dahulu.',
  'error.accountTaken': 'Akaun dengan nama ini sudah wujud.',
  'error.lastAdmin': 'Ini ialah pentadbir aktif yang terakhir. Jadikan akaun lain sebagai pentadbir dahulu.',
  'error.sortMismatch': 'Senarai telah berubah semasa anda menyusunnya. Muat semula dan cuba lagi.',
  'error.attachmentTooLarge': 'Fail terlalu besar (maksimum {{max}} MB).',
  'error.unsupportedFileType':
    'Jenis fail ini tidak boleh dilampirkan. Gunakan fail imej, PDF, teks, Markdown, CSV atau ZIP.',
  'error.categoryNotFound': 'Kategori ini tidak wujud atau belum diterbitkan.',
} satisfies ErrorMessages;
