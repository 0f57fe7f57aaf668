import type { ErrorMessages } from './en.js';

export default {
  'error.badJson': 'Kandungan permintaan bukan JSON yang sah.',
  'error.badUrl': 'Alamat permintaan ini tidak sah.',
  'error.missingHost': 'Permintaan ini tiada pengepala Host, yang diwajibkan oleh HTTP/1.1.',
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
  'error.tooManyLoginAttempts': 'Terlalu banyak percubaan log masuk yang gagal. Cuba lagi dalam {{seconds}} saat.',
  'error.diagTransferLimit':
    'Alamat ini telah menggunakan bahagiannya untuk ujian lebar jalur buat masa ini. Cuba lagi dalam {{seconds}} saat.',
  'error.internal': 'Berlaku ralat pada pelayan. Sila cuba lagi.',
  'error.databaseUnavailable': 'Pangkalan data tidak dapat dicapai buat masa ini. Sila cuba lagi dalam beberapa saat.',
  'error.serverStopping': 'Pelayan sedang dimulakan semula. Sila cuba lagi dalam beberapa saat.',
  'error.callCentreUnavailable': 'Pusat panggilan sedang beralih ke pelayan lain. Sila cuba lagi dalam beberapa saat.',
  'error.socketMissing': 'Tiada tika soket. Mulakan telefon dengan init() terlebih dahulu.',
  'error.cannotSend': 'Tidak dapat menghantar mesej: telefon belum dimuatkan.',
  'error.connectionDown':
    'Sambungan terputus atau tidak tersedia. Telefon sedang menyambung semula; cuba lagi sebentar lagi.',
  'error.sessionEnded':
    'Sesi telefon telah tamat (dilog keluar, diambil alih di tab lain, atau ditutup), jadi ia tidak lagi menerima permintaan. Mulakan semula telefon, atau ambil semula ejen.',
  'error.phoneNotReady':
    'Telefon belum log masuk, jadi permintaan tidak dihantar. Tunggu sehingga telefon sedia, kemudian cuba lagi.',
  'error.engineTimeout':
    'Pusat panggilan tidak menjawab dalam masa, jadi hasilnya tidak diketahui. Semak keadaan telefon, kemudian cuba lagi.',

  'error.ssoTokenInvalid': 'Gagal mendapatkan tandatangan SSO: token kunci awam SSO tidak sah.',
  'error.ssoAccountUnknown': 'Gagal mendapatkan tandatangan SSO: tiada ejen penyewa ini yang mempunyai akaun ini.',
  'error.ssoSignatureInvalid':
    'Gagal mendapatkan token log masuk melalui perkhidmatan Basic. Tandatangan SSO tidak sah atau telah tamat tempoh; minta yang baharu.',
  'error.ssoSignatureUsed':
    'Gagal mendapatkan token log masuk melalui perkhidmatan Basic. Tandatangan SSO ini telah digunakan; minta yang baharu.',
  'error.basicLoginFailed':
    'Gagal mendapatkan token log masuk melalui perkhidmatan Basic. Semak akaun dan kata laluan.',
  'error.agentDisabled':
    'Gagal mendapatkan token log masuk melalui perkhidmatan Basic. Akaun ejen ini telah dinyahdayakan.',
  'error.accountAmbiguous': 'Nombor pekerja ini wujud dalam beberapa penyewa. Log masuk dengan alamat e-mel anda.',
  'error.loginTokenInvalid': 'Pengesahan log masuk gagal: token log masuk tidak sah. Sila log masuk semula.',
  'error.loginTokenExpired': 'Pengesahan log masuk gagal: token log masuk telah tamat tempoh. Sila log masuk semula.',
  'error.loginTokenUsed': 'Pengesahan log masuk gagal: token log masuk ini telah digunakan. Dapatkan token baharu.',
  'error.socketAuthFailed': 'Pengesahan socket gagal.',
  'error.sessionGone': 'Sesi tidak dapat disambung semula kerana sesi itu telah tamat. Sila log masuk semula.',
  'error.badFrame': 'Mesej tidak dapat dibaca: ia bukan mesej protokol softphone.',
  'error.unknownMethod': 'Tiada kaedah bernama “{{method}}”.',
  'error.invalidParams': 'Sesetengah parameter tidak sah: {{detail}}',
  'error.checkInNotAllowed': 'Daftar masuk gagal: ejen ini tidak dibenarkan mendaftar masuk.',
  'error.checkInNoExtension':
    'Daftar masuk gagal: ejen ini tiada nombor sambungan. Minta pentadbir untuk menetapkannya.',
  'error.notCheckedIn': 'Sila daftar masuk dahulu.',
  'error.alreadyCheckedIn': 'Ejen sudah mendaftar masuk.',
  'error.illegalAgentStatus': 'Ejen tidak boleh mendaftar keluar semasa dalam panggilan. Tamatkan panggilan dahulu.',
  'error.unknownReason': 'Sebab tidak sedia ini tiada dalam senarai penyewa.',
  'error.unknownWrapUpCode': 'Kod hasil ini tiada dalam senarai penyewa.',
  'error.frameTooLarge': 'Mesej terlalu besar.',
  'error.tooManyFrames':
    'Terlalu banyak mesej dalam masa yang singkat. Sambungan telah ditutup dan akan disambung semula secara automatik.',
  'error.invalidNumber': 'Nombor ini tidak boleh didail. Semak nombor itu dan cuba lagi.',
  'error.callNotFound': 'Panggilan ini tidak wujud lagi.',
  'error.agentInCall': 'Ejen sudah berada dalam panggilan.',
  'error.illegalCallState': 'Tindakan ini tidak boleh dilakukan dalam keadaan semasa panggilan.',
  'error.transferFailed': 'Pemindahan gagal: nombor luar tidak menerima panggilan.',
  'error.trunkTransferUnsupported':
    'Panggilan pada trunk SIP boleh dipindahkan kepada rakan sekerja atau baris gilir, tetapi belum lagi ke nombor luar.',
  'error.extensionUnavailable':
    'Nombor sambungan itu tidak dapat menerima panggilan sekarang: rakan sekerja berada di luar talian atau dalam panggilan, atau nombor sambungan itu belum ditetapkan.',
  'error.internalCallNotAllowed': 'Panggilan kepada rakan sekerja dimatikan pada telefon ini.',
  'error.numberBlocked': 'Panggilan ke {{number}} disekat oleh pelan dail pusat panggilan anda.',
  'error.premiumNumberBlocked':
    'Nombor {{number}} ialah nombor kadar premium atau nombor satelit, dan pelan dail pusat panggilan anda tidak membenarkan panggilan ke nombor itu.',
  'error.internationalNotAllowed':
    'Nombor {{number}} berada di negara lain, dan pelan dail pusat panggilan anda tidak membenarkan anda membuat panggilan antarabangsa.',
  'error.tenantNotFound': 'Penyewa ini tidak wujud. Ia mungkin telah dipadam.',
  'error.agentNotFound': 'Ejen ini tidak wujud. Ia mungkin telah dipadam.',
  'error.agentTaken': 'Nilai ini sudah digunakan oleh ejen lain.',
  'error.webhookNotFound': 'Webhook ini tidak wujud. Ia mungkin telah dipadam.',
  'error.webhookDeliveryNotFound':
    'Penghantaran ini tiada lagi dalam log. Penghantaran lama dibuang selepas beberapa ketika.',
  'error.apiKeyInvalid':
    'Kunci API tiada, tidak dikenali atau telah dibatalkan. Hantar sebagai “Authorization: Bearer opk_…”, atau cipta kunci baharu dalam CMS.',
  'error.apiKeyNotFound': 'Kunci API ini tidak wujud. Ia mungkin sudah dibatalkan.',
  'error.apiKeyLimit':
    'Seorang penyewa boleh mempunyai paling banyak {{max}} kunci API. Batalkan dahulu satu yang tidak digunakan lagi.',
  'error.eventCursorUnknown':
    'Peristiwa selepas peristiwa ini tidak disimpan lagi (peristiwa disimpan selama 30 hari), atau ini bukan peristiwa penyewa ini. Mulakan semula tanpa “after” dan dapatkan yang terlepas daripada rekod anda sendiri.',
  'error.eventStreamLimit': 'Kunci API ini sudah mempunyai {{max}} strim terbuka. Tutup satu, atau gunakan kunci lain.',
  'error.webhookLimit':
    'Seorang penyewa boleh mempunyai paling banyak {{max}} webhook. Padam dahulu satu yang tidak digunakan lagi.',
  'error.webhookTargetRefused':
    '{{host}} berada pada pelayan ini atau dalam rangkaian peribadi, dan pelayan ini tidak menghantar peristiwa ke sana. Gunakan alamat yang boleh dicapai dari internet, atau minta pengendali membenarkan sasaran peribadi (WEBHOOK_PRIVATE_TARGETS).',
  'error.agentAccountRequired':
    'Berikan ejen sekurang-kurangnya alamat e-mel, nombor pekerja atau nombor telefon bimbit untuk log masuk.',

  'error.field.required': '“{{field}}” wajib diisi.',
  'error.field.tooLong': '“{{field}}” tidak boleh melebihi {{max}} aksara.',
  'error.field.tooShort': '“{{field}}” mestilah sekurang-kurangnya {{min}} aksara.',
  'error.field.tooBig': '“{{field}}” tidak boleh melebihi {{max}}.',
  'error.field.tooSmall': '“{{field}}” mestilah sekurang-kurangnya {{min}}.',
  'error.field.wrongType': 'Jenis nilai “{{field}}” salah.',
  'error.field.unknown': '“{{field}}” bukan medan dalam permintaan ini.',
  'error.field.notAllowed': 'Nilai “{{field}}” tidak dibenarkan.',
  'error.field.badCharacter': '“{{field}}” mengandungi aksara yang tidak dibenarkan.',
  'error.field.tooMany': '“{{field}}” boleh mengandungi paling banyak {{max}} entri.',
  'error.field.emptyKey': '“{{field}}” mengandungi entri tanpa nama.',
  'error.field.weakPassword':
    '“{{field}}” terlalu mudah diteka: kata laluan biasa atau yang pernah bocor, aksara berulang atau berturutan, atau perkataan daripada perkhidmatan ini atau akaun. Beberapa perkataan yang tidak berkaitan membentuk kata laluan yang kukuh.',
  'error.field.reusedPassword': '“{{field}}” mesti berbeza daripada kata laluan semasa.',
  'error.demoAgentPasswordRefused':
    'Ejen ini masih menggunakan kata laluan demo yang diterbitkan, yang hanya berfungsi pada pelayan yang boleh dicapai dari mesin ini sahaja. Minta pentadbir menetapkan kata laluan baharu dalam CMS.',
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
  'error.deviceNotFound':
    'Tiada peranti sedemikian dalam pelayar ini. Peranti itu mungkin telah dicabut: panggil getDevices untuk mendapatkan senarai semasa.',
  'error.outputSelectionUnsupported':
    'Pelayar ini tidak dapat memilih tempat bunyi dimainkan, jadi hanya output lalai yang boleh digunakan.',
  'error.didTaken':
    'Nombor {{number}} sudah berdering pada penyewa lain. Satu nombor hanya boleh sampai kepada satu penyewa.',
  'error.telephonyNotConfigured':
    'Pelayan ini tidak mempunyai soket SIP dan geganti media yang disediakan (SIP_LISTEN dan RTPENGINE_NG), jadi trunk tidak boleh dihidupkan.',
  'error.secretsKeyMissing':
    'Pelayan ini tidak mempunyai kunci untuk menyimpan kata laluan secara tersulit (SECRETS_KEY), jadi kata laluan trunk tidak boleh disimpan.',
  'error.trunkBusy':
    'Semua talian sambungan telefon pusat panggilan anda sedang digunakan. Cuba lagi apabila ada panggilan yang tamat.',
  'error.shortNumberIsExtension':
    'Nombor {{number}} ialah nombor sambungan seorang ejen. Jika dijadikan nombor pendek dalam pelan dail, panggilan ke nombor ini akan keluar ke rangkaian telefon dan bukannya berdering pada ejen itu: keluarkan nombor ini daripada senarai atau tukar nombor sambungan.',
  'error.field.duplicate': '“{{field}}” mengulangi nilai yang sudah ada dalam senarai.',
  'error.jsonTooDeep': 'Kandungan permintaan menyarangkan senarai dan objek terlalu dalam (maksimum {{max}} aras).',
  'error.trunkHostForbidden':
    '{{host}} tidak boleh menjadi hos trunk: ia alamat link-local atau metadata awan, bukan pelayan SIP pembawa. Masukkan alamat yang diberikan oleh pembawa anda.',
} satisfies ErrorMessages;
