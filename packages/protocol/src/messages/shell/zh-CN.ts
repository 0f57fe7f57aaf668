import type { ShellMessages } from './en.js';

export default {
  'shell.hello': '你好',
  'shell.helloName': '你好，{{name}}',
  'shell.language': '语言',
  'shell.mainNav': '主导航',
  'shell.nav.doc': '开发文档',
  'shell.nav.cms': '内容管理',
  'shell.nav.demo': '软电话演示',
  'shell.nav.diagnose': '诊断工具',
  'shell.loading': '加载中…',
  'shell.chunkLoadError': '页面的部分内容加载失败。请检查网络连接后重新加载。',
  'shell.renderError': '页面出现了问题，重新加载通常可以解决。',
  'shell.reload': '重新加载',

  'shell.common.edit': '编辑',
  'shell.common.delete': '删除',
  'shell.common.save': '保存',
  'shell.common.cancel': '取消',
  'shell.common.ok': '确定',
  'shell.common.refresh': '刷新',
  'shell.common.confirmDelete': '是否确认删除？',
  'shell.common.confirmSwitch': '确认切换吗？',
  'shell.common.formInvalid': '表单字段校验失败！',
  'shell.common.networkError': '无法连接服务器，请检查网络后重试。',
  'shell.common.copied': '已复制',
  'shell.common.copyFailed': '复制失败：浏览器不允许访问剪贴板。',
} satisfies ShellMessages;
