import type { Lang } from './locales.js';

/**
 * The only text the client carries inside its own bundle: what to say when the dictionary
 * itself cannot be fetched. Everything else comes from the server's dictionaries.
 */
export const bootMessages: Record<Lang, { failed: string; retry: string }> = {
  ar: { failed: 'تعذّر تحميل الصفحة. تحقّق من اتصالك بالشبكة.', retry: 'إعادة المحاولة' },
  bn: { failed: 'পৃষ্ঠাটি লোড করা যায়নি। আপনার নেটওয়ার্ক সংযোগ দেখুন।', retry: 'আবার চেষ্টা করুন' },
  de: { failed: 'Die Seite konnte nicht geladen werden. Bitte prüfen Sie Ihre Verbindung.', retry: 'Erneut versuchen' },
  en: { failed: 'The page could not be loaded. Check your connection.', retry: 'Try again' },
  es: { failed: 'No se pudo cargar la página. Compruebe su conexión.', retry: 'Reintentar' },
  fil: { failed: 'Hindi ma-load ang page. Tingnan ang iyong koneksyon.', retry: 'Subukang muli' },
  fr: { failed: 'Impossible de charger la page. Vérifiez votre connexion.', retry: 'Réessayer' },
  hi: { failed: 'पेज लोड नहीं हो सका। कृपया अपना कनेक्शन जाँचें।', retry: 'फिर से कोशिश करें' },
  id: { failed: 'Halaman tidak dapat dimuat. Periksa koneksi Anda.', retry: 'Coba lagi' },
  it: { failed: 'Impossibile caricare la pagina. Controlla la connessione.', retry: 'Riprova' },
  ja: { failed: 'ページを読み込めませんでした。接続を確認してください。', retry: '再試行' },
  ko: { failed: '페이지를 불러오지 못했습니다. 연결 상태를 확인하세요.', retry: '다시 시도' },
  ms: { failed: 'Halaman tidak dapat dimuatkan. Semak sambungan anda.', retry: 'Cuba lagi' },
  pt: { failed: 'Não foi possível carregar a página. Verifique a conexão.', retry: 'Tentar novamente' },
  ru: { failed: 'Не удалось загрузить страницу. Проверьте подключение.', retry: 'Повторить' },
  th: { failed: 'โหลดหน้านี้ไม่ได้ โปรดตรวจสอบการเชื่อมต่อ', retry: 'ลองอีกครั้ง' },
  vi: { failed: 'Không thể tải trang. Vui lòng kiểm tra kết nối.', retry: 'Thử lại' },
  'zh-CN': { failed: '页面加载失败，请检查网络连接。', retry: '重试' },
  'zh-TW': { failed: '頁面載入失敗，請檢查網路連線。', retry: '重試' },
};
