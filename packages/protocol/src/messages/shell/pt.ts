import type { ShellMessages } from './en.js';

export default {
  'shell.hello': 'Olá',
  'shell.helloName': 'Olá, {{name}}',
  'shell.language': 'Idioma',
  'shell.mainNav': 'Navegação principal',
  'shell.nav.doc': 'Documentação',
  'shell.nav.cms': 'CMS',
  'shell.nav.demo': 'Demo de softphone',
  'shell.nav.diagnose': 'Diagnóstico',
  'shell.loading': 'Carregando…',
  'shell.chunkLoadError': 'Não foi possível carregar parte desta página. Verifique a conexão e recarregue a página.',
  'shell.renderError': 'Ocorreu um problema nesta página. Recarregá-la costuma resolver.',
  'shell.reload': 'Recarregar',

  'shell.common.edit': 'Editar',
  'shell.common.delete': 'Excluir',
  'shell.common.save': 'Salvar',
  'shell.common.cancel': 'Cancelar',
  'shell.common.ok': 'OK',
  'shell.common.refresh': 'Atualizar',
  'shell.common.confirmDelete': 'Deseja confirmar a exclusão?',
  'shell.common.confirmSwitch': 'Confirmar a mudança?',
  'shell.common.formInvalid': 'Falha na validação dos campos do formulário!',
  'shell.common.networkError': 'Não foi possível conectar ao servidor. Verifique a conexão e tente novamente.',
  'shell.common.copied': 'Copiado',
  'shell.common.copyFailed': 'Não foi possível copiar: o navegador não permitiu o acesso à área de transferência.',
} satisfies ShellMessages;
