import type { ShellMessages } from './en.js';

export default {
  'shell.hello': 'こんにちは',
  'shell.helloName': 'こんにちは、{{name}} さん',
  'shell.language': '言語',
  'shell.mainNav': 'メインナビゲーション',
  'shell.nav.doc': 'ドキュメント',
  'shell.nav.cms': 'CMS',
  'shell.nav.demo': 'ソフトフォンデモ',
  'shell.nav.diagnose': '診断',
  'shell.loading': '読み込み中…',
  'shell.chunkLoadError': 'ページの一部を読み込めませんでした。接続を確認してから、再読み込みしてください。',
  'shell.renderError': 'このページで問題が発生しました。再読み込みすると解決する場合があります。',
  'shell.reload': '再読み込み',

  'shell.common.edit': '編集',
  'shell.common.delete': '削除',
  'shell.common.save': '保存',
  'shell.common.cancel': 'キャンセル',
  'shell.common.ok': 'OK',
  'shell.common.refresh': '更新',
  'shell.common.confirmDelete': '削除してもよろしいですか？',
  'shell.common.confirmSwitch': '切り替えてもよろしいですか？',
  'shell.common.formInvalid': 'フォームの入力内容に誤りがあります。',
  'shell.common.networkError': 'サーバーに接続できません。接続を確認して、もう一度お試しください。',
  'shell.common.copied': 'コピーしました',
  'shell.common.copyFailed': 'コピーできませんでした。ブラウザーがクリップボードへのアクセスを許可しませんでした。',
} satisfies ShellMessages;
