import type { ErrorMessages } from './en.js';

export default {
  'error.badJson': 'O corpo da requisição não é um JSON válido.',
  'error.badUrl': 'O endereço desta solicitação não é válido.',
  'error.badRequest': 'Não foi possível ler a solicitação. Envie-a novamente.',
  'error.crossSiteRequest':
    'Esta solicitação veio de outro site e foi recusada. Abra a página neste servidor e tente novamente.',
  'error.requestTimeout':
    'A solicitação demorou demais para chegar e foi cancelada. Verifique sua conexão e tente novamente.',
  'error.invalidField': 'A requisição tem um campo inválido: {{detail}}',
  'error.notLoggedIn': 'Entre na sua conta primeiro.',
  'error.wrongCredentials': 'Conta ou senha incorretas.',
  'error.apiNotFound': 'Não existe nenhuma API em {{path}}.',
  'error.notFound': 'Nada foi encontrado em {{path}}.',
  'error.versionNotFound': 'Esta versão não existe. Talvez tenha sido excluída.',
  'error.versionNameTaken': 'Já existe uma versão com este nome.',
  'error.defaultVersionRequired': 'Deve haver sempre uma versão padrão. Em vez disso, defina outra versão como padrão.',
  'error.concurrentUpdate': 'Outra pessoa alterou este item ao mesmo tempo. Recarregue e tente novamente.',
  'error.bodyTooLarge': 'A requisição é grande demais (máximo de {{max}} bytes).',
  'error.unsupportedMediaType': 'Envie a requisição como JSON (Content-Type: application/json).',
  'error.tooManyLoginAttempts': 'Muitas tentativas de acesso sem sucesso. Tente novamente em {{minutes}} minutos.',
  'error.internal': 'Ocorreu um erro no servidor. Tente novamente.',

  'error.field.required': 'O campo “{{field}}” é obrigatório.',
  'error.field.tooLong': 'O campo “{{field}}” deve ter no máximo {{max}} caracteres.',
  'error.field.tooShort': 'O campo “{{field}}” deve ter pelo menos {{min}} caracteres.',
  'error.field.tooBig': 'O valor de “{{field}}” não pode ser maior que {{max}}.',
  'error.field.tooSmall': 'O valor de “{{field}}” não pode ser menor que {{min}}.',
  'error.field.wrongType': 'O campo “{{field}}” tem um valor de tipo incorreto.',
  'error.field.unknown': '“{{field}}” não é um campo desta requisição.',
  'error.field.notAllowed': 'O campo “{{field}}” tem um valor não permitido.',
  'error.field.badCharacter': '“{{field}}” contém um caractere não permitido.',
  'error.resourceNotFound': 'Este documento não existe ou não está publicado.',
  'error.accountDisabled': 'Esta conta foi desativada. Peça a um administrador para reativá-la.',
  'error.forbidden': 'Seu perfil não permite esta ação. Fale com um administrador.',
  'error.passwordChangeRequired': 'Altere a senha de demonstração antes de continuar.',
  'error.attachmentNotFound': 'Este anexo não existe. Talvez tenha sido excluído.',
  'error.accountNotFound': 'Esta conta não existe. Talvez tenha sido excluída.',
  'error.staleRevision':
    'Outra pessoa salvou este item depois que você o abriu. Compare as duas versões antes de salvar novamente.',
  'error.categoryNotEmpty': 'Esta categoria ainda contém subcategorias ou documentos. Mova-os ou exclua-os primeiro.',
  'error.illegalStatusChange':
    'Esta mudança de status não é permitida. Só é possível publicar um item não publicado ou fora do ar e tirar do ar um item publicado.',
  'error.categoryCycle': 'Uma categoria não pode ser movida para dentro de si mesma nem de uma de suas subcategorias.',
  'error.attachmentInUse': 'Um documento ainda tem um link para este anexo. Remova o link primeiro.',
  'error.accountTaken': 'Já existe uma conta com este nome.',
  'error.lastAdmin': 'Este é o último administrador ativo. Primeiro, torne outra conta administradora.',
  'error.sortMismatch': 'A lista mudou enquanto você a ordenava. Recarregue e tente novamente.',
  'error.attachmentTooLarge': 'O arquivo é grande demais (máximo de {{max}} MB).',
  'error.unsupportedFileType':
    'Este tipo de arquivo não pode ser anexado. Use uma imagem ou um arquivo PDF, de texto, Markdown, CSV ou ZIP.',
  'error.categoryNotFound': 'Esta categoria não existe ou não está publicada.',
} satisfies ErrorMessages;
