import type { ErrorMessages } from './en.js';

export default {
  'error.badJson': 'Isi permintaan bukan JSON yang valid.',
  'error.badUrl': 'Alamat permintaan ini tidak valid.',
  'error.missingHost': 'Permintaan ini tidak memiliki header Host, yang diwajibkan HTTP/1.1.',
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
  'error.tooManyLoginAttempts': 'Terlalu banyak upaya masuk yang gagal. Coba lagi dalam {{seconds}} detik.',
  'error.diagTransferLimit':
    'Alamat ini sudah memakai jatah uji bandwidth-nya untuk saat ini. Coba lagi dalam {{seconds}} detik.',
  'error.internal': 'Terjadi kesalahan pada server. Silakan coba lagi.',
  'error.databaseUnavailable': 'Basis data sedang tidak dapat dijangkau. Silakan coba lagi dalam beberapa detik.',
  'error.serverStopping': 'Server sedang dimulai ulang. Silakan coba lagi dalam beberapa detik.',
  'error.callCentreUnavailable':
    'Pusat panggilan sedang dipindahkan ke server lain. Silakan coba lagi dalam beberapa detik.',
  'error.socketMissing': 'Instans socket tidak ada. Jalankan telepon dengan init() terlebih dahulu.',
  'error.cannotSend': 'Tidak dapat mengirim pesan: telepon belum selesai dimuat.',
  'error.connectionDown':
    'Koneksi terputus atau tidak tersedia. Telepon sedang menyambung ulang; coba lagi sebentar lagi.',
  'error.sessionEnded':
    'Sesi telepon telah berakhir (keluar, diambil alih di tab lain, atau ditutup), jadi telepon tidak menerima permintaan lagi. Mulai ulang telepon, atau ambil kembali agennya.',
  'error.phoneNotReady':
    'Telepon belum masuk, jadi permintaan tidak dikirim. Tunggu sampai telepon siap, lalu coba lagi.',
  'error.engineTimeout':
    'Pusat panggilan tidak menjawab tepat waktu, jadi hasilnya tidak diketahui. Periksa status telepon, lalu coba lagi.',

  'error.ssoTokenInvalid': 'Gagal mendapatkan tanda tangan SSO: token kunci publik SSO tidak valid.',
  'error.ssoAccountUnknown': 'Gagal mendapatkan tanda tangan SSO: tidak ada agen di tenant ini yang memiliki akun ini.',
  'error.ssoSignatureInvalid':
    'Gagal mendapatkan token login melalui layanan Basic. Tanda tangan SSO tidak valid atau sudah kedaluwarsa; mintalah yang baru.',
  'error.ssoSignatureUsed':
    'Gagal mendapatkan token login melalui layanan Basic. Tanda tangan SSO ini sudah pernah digunakan; mintalah yang baru.',
  'error.basicLoginFailed': 'Gagal mendapatkan token login melalui layanan Basic. Periksa akun dan kata sandi.',
  'error.agentDisabled': 'Gagal mendapatkan token login melalui layanan Basic. Akun agen ini dinonaktifkan.',
  'error.accountAmbiguous': 'Nomor karyawan ini terdaftar di beberapa tenant. Masuklah dengan alamat email Anda.',
  'error.loginTokenInvalid': 'Autentikasi login gagal: token login tidak valid. Silakan masuk lagi.',
  'error.loginTokenExpired': 'Autentikasi login gagal: token login sudah kedaluwarsa. Silakan masuk lagi.',
  'error.loginTokenUsed': 'Autentikasi login gagal: token login ini sudah pernah digunakan. Dapatkan token yang baru.',
  'error.socketAuthFailed': 'Autentikasi socket gagal.',
  'error.sessionGone': 'Sesi tidak dapat dilanjutkan karena sudah berakhir. Silakan masuk lagi.',
  'error.badFrame': 'Pesan tidak dapat dibaca: pesan ini bukan bagian dari protokol softphone.',
  'error.unknownMethod': 'Tidak ada metode bernama “{{method}}”.',
  'error.invalidParams': 'Beberapa parameter tidak valid: {{detail}}',
  'error.checkInNotAllowed': 'Check-in gagal: agen ini tidak diizinkan melakukan check-in.',
  'error.checkInNoExtension': 'Check-in gagal: agen ini tidak memiliki ekstensi. Minta admin untuk menetapkannya.',
  'error.notCheckedIn': 'Lakukan check-in terlebih dahulu.',
  'error.alreadyCheckedIn': 'Agen sudah check-in.',
  'error.illegalAgentStatus':
    'Agen tidak dapat check-out selama panggilan berlangsung. Akhiri panggilan terlebih dahulu.',
  'error.unknownReason': 'Alasan tidak siap ini tidak ada dalam daftar tenant.',
  'error.unknownWrapUpCode': 'Kode wrap-up ini tidak ada dalam daftar tenant.',
  'error.frameTooLarge': 'Pesan terlalu besar.',
  'error.tooManyFrames':
    'Terlalu banyak pesan dalam waktu singkat. Koneksi ditutup dan akan tersambung kembali secara otomatis.',
  'error.invalidNumber': 'Nomor ini tidak dapat dihubungi. Periksa nomornya, lalu coba lagi.',
  'error.callNotFound': 'Panggilan ini sudah tidak ada.',
  'error.agentInCall': 'Agen sedang dalam panggilan.',
  'error.illegalCallState': 'Tindakan ini tidak dapat dilakukan pada status panggilan saat ini.',
  'error.transferFailed': 'Transfer gagal: nomor eksternal tidak menerima panggilan.',
  'error.trunkTransferUnsupported':
    'Panggilan di trunk SIP bisa dialihkan ke rekan atau antrean, tetapi belum ke nomor luar.',
  'error.extensionUnavailable':
    'Ekstensi tersebut tidak dapat menerima panggilan saat ini: rekan kerja sedang offline atau dalam panggilan, atau ekstensi belum ditetapkan.',
  'error.internalCallNotAllowed': 'Panggilan ke rekan kerja dinonaktifkan di telepon ini.',
  'error.numberBlocked': 'Panggilan ke {{number}} diblokir oleh dial plan pusat panggilan Anda.',
  'error.premiumNumberBlocked':
    'Nomor {{number}} adalah nomor premium atau nomor satelit, dan dial plan pusat panggilan Anda tidak mengizinkan panggilan ke nomor tersebut.',
  'error.internationalNotAllowed':
    'Nomor {{number}} adalah nomor luar negeri, dan dial plan pusat panggilan Anda tidak mengizinkan Anda melakukan panggilan internasional.',
  'error.tenantNotFound': 'Tenant ini tidak ada. Mungkin tenant ini sudah dihapus.',
  'error.agentNotFound': 'Agen ini tidak ada. Mungkin agen ini sudah dihapus.',
  'error.agentTaken': 'Nilai ini sudah digunakan oleh agen lain.',
  'error.webhookNotFound': 'Webhook ini tidak ada. Mungkin webhook ini sudah dihapus.',
  'error.webhookDeliveryNotFound':
    'Pengiriman ini sudah tidak ada di log. Pengiriman lama dihapus setelah beberapa waktu.',
  'error.apiKeyInvalid':
    'Kunci API tidak ada, tidak dikenal, atau sudah dicabut. Kirim sebagai “Authorization: Bearer opk_…”, atau buat kunci baru di CMS.',
  'error.apiKeyNotFound': 'Kunci API ini tidak ada. Mungkin kunci ini sudah dicabut.',
  'error.apiKeyLimit':
    'Satu tenant dapat memiliki paling banyak {{max}} kunci API. Cabut dulu kunci yang tidak dipakai lagi.',
  'error.eventCursorUnknown':
    'Peristiwa setelah peristiwa ini sudah tidak disimpan (peristiwa disimpan selama 30 hari), atau ini bukan peristiwa tenant ini. Mulai lagi tanpa “after” dan ambil yang terlewat dari catatan Anda sendiri.',
  'error.eventStreamLimit': 'Kunci API ini sudah membuka {{max}} stream. Tutup salah satunya, atau pakai kunci lain.',
  'error.webhookLimit':
    'Satu tenant dapat memiliki paling banyak {{max}} webhook. Hapus dulu webhook yang tidak dipakai lagi.',
  'error.webhookTargetRefused':
    '{{host}} berada di server ini atau di jaringan privat, dan server ini tidak mengirim peristiwa ke sana. Gunakan alamat yang dapat dijangkau dari internet, atau minta operator mengizinkan tujuan privat (WEBHOOK_PRIVATE_TARGETS).',
  'error.agentAccountRequired': 'Berikan agen setidaknya alamat email, nomor karyawan, atau nomor ponsel untuk masuk.',

  'error.field.required': '“{{field}}” wajib diisi.',
  'error.field.tooLong': '“{{field}}” maksimal {{max}} karakter.',
  'error.field.tooShort': '“{{field}}” minimal {{min}} karakter.',
  'error.field.tooBig': '“{{field}}” maksimal {{max}}.',
  'error.field.tooSmall': '“{{field}}” minimal {{min}}.',
  'error.field.wrongType': 'Jenis nilai “{{field}}” salah.',
  'error.field.unknown': '“{{field}}” bukan kolom dalam permintaan ini.',
  'error.field.notAllowed': 'Nilai “{{field}}” tidak diizinkan.',
  'error.field.badCharacter': '“{{field}}” berisi karakter yang tidak diizinkan.',
  'error.field.tooMany': '“{{field}}” boleh berisi paling banyak {{max}} entri.',
  'error.field.emptyKey': '“{{field}}” berisi entri tanpa nama.',
  'error.field.weakPassword':
    '“{{field}}” terlalu mudah ditebak: kata sandi umum atau bocor, karakter berulang atau berurutan, atau kata dari layanan ini atau dari akun. Beberapa kata yang tidak saling berkaitan menghasilkan kata sandi yang kuat.',
  'error.field.reusedPassword': '“{{field}}” harus berbeda dari kata sandi saat ini.',
  'error.demoAgentPasswordRefused':
    'Agen ini masih memakai kata sandi demo yang dipublikasikan, yang hanya berlaku di server yang hanya dapat dijangkau dari mesin ini. Minta administrator menetapkan kata sandi baru di CMS.',
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
  'error.deviceNotFound':
    'Perangkat ini tidak ada di browser ini. Mungkin sudah dicabut: panggil getDevices untuk mendapatkan daftar terbaru.',
  'error.outputSelectionUnsupported':
    'Browser ini tidak dapat memilih tempat suara diputar, jadi hanya output default yang dapat digunakan.',
  'error.didTaken': 'Nomor {{number}} sudah berdering di tenant lain. Satu nomor hanya dapat menjangkau satu tenant.',
  'error.telephonyNotConfigured':
    'Server ini belum memiliki soket SIP dan relai media (SIP_LISTEN dan RTPENGINE_NG), sehingga trunk tidak dapat diaktifkan.',
  'error.secretsKeyMissing':
    'Server ini tidak memiliki kunci untuk menyimpan kata sandi secara terenkripsi (SECRETS_KEY), sehingga kata sandi trunk tidak dapat disimpan.',
  'error.trunkBusy':
    'Semua saluran pada sambungan telepon pusat panggilan Anda sedang sibuk. Coba lagi setelah ada panggilan yang selesai.',
  'error.shortNumberIsExtension':
    'Nomor {{number}} adalah ekstensi seorang agen. Jika dijadikan nomor pendek di dial plan, panggilan ke nomor ini akan keluar ke jaringan telepon alih-alih berdering di agen tersebut: hapus nomor ini dari daftar atau ubah ekstensinya.',
  'error.field.duplicate': '“{{field}}” mengulang nilai yang sudah ada di daftar.',
  'error.jsonTooDeep': 'Isi permintaan menyusun daftar dan objek terlalu dalam (maksimal {{max}} tingkat).',
  'error.trunkHostForbidden':
    '{{host}} tidak dapat menjadi host trunk: alamat ini adalah alamat link-local atau metadata cloud, bukan server SIP operator. Masukkan alamat yang diberikan operator Anda.',
} satisfies ErrorMessages;
