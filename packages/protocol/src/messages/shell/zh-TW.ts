import type { ShellMessages } from './en.js';

export default {
  'shell.hello': '您好',
  'shell.helloName': '您好，{{name}}',
  'shell.language': '語言',
  'shell.mainNav': '主要導覽',
  'shell.nav.doc': '開發文件',
  'shell.nav.cms': '內容管理',
  'shell.nav.demo': '軟體電話示範',
  'shell.nav.diagnose': '診斷工具',
  'shell.loading': '載入中…',
  'shell.chunkLoadError': '部分頁面內容無法載入。請檢查網路連線後重新載入。',
  'shell.renderError': '此頁面發生問題，重新載入通常即可解決。',
  'shell.reload': '重新載入',

  'shell.common.edit': '編輯',
  'shell.common.delete': '刪除',
  'shell.common.save': '儲存',
  'shell.common.cancel': '取消',
  'shell.common.ok': '確定',
  'shell.common.refresh': '重新整理',
  'shell.common.confirmDelete': '確定要刪除嗎？',
  'shell.common.confirmSwitch': '確定要切換嗎？',
  'shell.common.formInvalid': '表單欄位驗證失敗！',
  'shell.common.networkError': '無法連線至伺服器，請檢查網路連線後再試一次。',
  'shell.common.copied': '已複製',
  'shell.common.copyFailed': '無法複製：瀏覽器不允許存取剪貼簿。',
} satisfies ShellMessages;
