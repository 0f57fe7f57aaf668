import type { ErrorMessages } from './en.js';

export default {
  'error.badJson': 'O corpo da requisição não é um JSON válido.',
  'error.badUrl': 'O endereço desta solicitação não é válido.',
  'error.missingHost': 'Esta requisição não tem o cabeçalho Host, obrigatório no HTTP/1.1.',
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
  'error.tooManyLoginAttempts': 'Muitas tentativas de acesso sem sucesso. Tente novamente em {{seconds}} s.',
  'error.diagTransferLimit':
    'Este endereço já usou sua cota do teste de largura de banda por enquanto. Tente novamente em {{seconds}} s.',
  'error.internal': 'Ocorreu um erro no servidor. Tente novamente.',
  'error.databaseUnavailable':
    'Não é possível acessar o banco de dados no momento. Tente novamente em alguns segundos.',
  'error.serverStopping': 'O servidor está reiniciando. Tente novamente em alguns segundos.',
  'error.callCentreUnavailable':
    'A central de atendimento está a passar para outro servidor. Tente novamente dentro de alguns segundos.',
  'error.socketMissing': 'A instância do socket não existe. Inicie primeiro o telefone com init().',
  'error.cannotSend': 'Não é possível enviar mensagens: o telefone ainda não foi carregado.',
  'error.connectionDown':
    'A ligação está em baixo ou indisponível. O telefone está a voltar a ligar-se; tente novamente daqui a pouco.',
  'error.sessionEnded':
    'A sessão do telefone terminou (saída, assumida em outra aba ou fechada), então ele não aceita mais solicitações. Inicie o telefone de novo ou retome o agente.',
  'error.phoneNotReady':
    'O telefone ainda não entrou, então a solicitação não foi enviada. Aguarde o telefone ficar pronto e tente novamente.',
  'error.engineTimeout':
    'A central de atendimento não respondeu a tempo, então o resultado é desconhecido. Verifique o estado do telefone e tente novamente.',

  'error.ssoTokenInvalid': 'Não foi possível obter a assinatura SSO: o token de chave pública SSO não é válido.',
  'error.ssoAccountUnknown': 'Não foi possível obter a assinatura SSO: nenhum agente deste locatário tem esta conta.',
  'error.ssoSignatureInvalid':
    'Não foi possível obter o token de login pelo serviço Basic. A assinatura SSO não é válida ou expirou; solicite uma nova.',
  'error.ssoSignatureUsed':
    'Não foi possível obter o token de login pelo serviço Basic. Esta assinatura SSO já foi usada; solicite uma nova.',
  'error.basicLoginFailed': 'Não foi possível obter o token de login pelo serviço Basic. Verifique a conta e a senha.',
  'error.agentDisabled':
    'Não foi possível obter o token de login pelo serviço Basic. Esta conta de agente está desativada.',
  'error.accountAmbiguous': 'Esta matrícula existe em vários locatários. Entre com seu endereço de e-mail.',
  'error.loginTokenInvalid': 'Falha na autenticação de login: o token de login não é válido. Entre novamente.',
  'error.loginTokenExpired': 'Falha na autenticação de login: o token de login expirou. Entre novamente.',
  'error.loginTokenUsed': 'Falha na autenticação de login: este token de login já foi usado. Obtenha um novo.',
  'error.socketAuthFailed': 'Falha na autenticação do socket.',
  'error.sessionGone': 'Não foi possível retomar a sessão porque ela já foi encerrada. Entre novamente.',
  'error.badFrame': 'Não foi possível ler a mensagem: ela não pertence ao protocolo do softphone.',
  'error.unknownMethod': 'Não existe nenhum método chamado “{{method}}”.',
  'error.invalidParams': 'Alguns parâmetros não são válidos: {{detail}}',
  'error.checkInNotAllowed': 'Falha no check-in: este agente não tem permissão para fazer check-in.',
  'error.checkInNoExtension': 'Falha no check-in: este agente não tem ramal. Peça a um administrador para atribuir um.',
  'error.notCheckedIn': 'Faça o check-in primeiro.',
  'error.alreadyCheckedIn': 'O agente já fez check-in.',
  'error.illegalAgentStatus': 'O agente não pode fazer check-out durante uma chamada. Encerre a chamada primeiro.',
  'error.unknownReason': 'Este motivo de pausa não está na lista do locatário.',
  'error.unknownWrapUpCode': 'Este código de tabulação não está na lista do locatário.',
  'error.frameTooLarge': 'A mensagem é grande demais.',
  'error.tooManyFrames':
    'Mensagens demais em pouco tempo. A conexão foi encerrada e será restabelecida automaticamente.',
  'error.invalidNumber': 'Não é possível discar para este número. Verifique-o e tente novamente.',
  'error.callNotFound': 'Esta chamada não existe mais.',
  'error.agentInCall': 'O agente já está em uma chamada.',
  'error.illegalCallState': 'Não é possível fazer isso no estado atual da chamada.',
  'error.transferFailed': 'A transferência falhou: o número externo não atendeu a chamada.',
  'error.trunkTransferUnsupported':
    'Uma chamada no tronco SIP pode ser passada a um colega ou à fila, mas ainda não a um número externo.',
  'error.extensionUnavailable':
    'Esse ramal não pode receber chamadas agora: o colega está offline ou em outra chamada, ou o ramal não está atribuído.',
  'error.internalCallNotAllowed': 'As chamadas para colegas estão desativadas neste softphone.',
  'error.numberBlocked':
    'As chamadas para {{number}} estão bloqueadas pelo plano de discagem da sua central de atendimento.',
  'error.premiumNumberBlocked':
    'O número {{number}} é de tarifa especial ou via satélite, e o plano de discagem da sua central de atendimento não permite ligar para ele.',
  'error.internationalNotAllowed':
    'O número {{number}} é de outro país, e o plano de discagem da sua central de atendimento não permite que você faça chamadas internacionais.',
  'error.tenantNotFound': 'Este locatário não existe. Talvez tenha sido excluído.',
  'error.agentNotFound': 'Este agente não existe. Talvez tenha sido excluído.',
  'error.agentTaken': 'Outro agente já usa este valor.',
  'error.webhookNotFound': 'Este webhook não existe. Talvez tenha sido excluído.',
  'error.webhookDeliveryNotFound':
    'Esta entrega não está mais no registro. Entregas antigas são removidas depois de algum tempo.',
  'error.apiKeyInvalid':
    'A chave de API está ausente, é desconhecida ou foi revogada. Envie-a como “Authorization: Bearer opk_…”, ou crie uma nova no CMS.',
  'error.apiKeyNotFound': 'Esta chave de API não existe. Talvez já tenha sido revogada.',
  'error.apiKeyLimit':
    'Um locatário pode ter no máximo {{max}} chaves de API. Revogue antes uma que você não usa mais.',
  'error.eventCursorUnknown':
    'Os eventos depois deste não são mais guardados (os eventos são mantidos por 30 dias), ou este não é um evento deste locatário. Comece de novo sem “after” e recupere o que perdeu a partir dos seus próprios registros.',
  'error.eventStreamLimit': 'Esta chave de API já tem {{max}} fluxos abertos. Feche um ou use outra chave.',
  'error.webhookLimit': 'Um locatário pode ter no máximo {{max}} webhooks. Exclua antes um que você não usa mais.',
  'error.webhookTargetRefused':
    '{{host}} fica neste servidor ou em uma rede privada, e este servidor não envia eventos para lá. Use um endereço acessível pela internet ou peça ao operador para permitir destinos privados (WEBHOOK_PRIVATE_TARGETS).',
  'error.agentAccountRequired':
    'Informe para o agente pelo menos um endereço de e-mail, uma matrícula ou um número de celular para entrar.',

  'error.field.required': 'O campo “{{field}}” é obrigatório.',
  'error.field.tooLong': 'O campo “{{field}}” deve ter no máximo {{max}} caracteres.',
  'error.field.tooShort': 'O campo “{{field}}” deve ter pelo menos {{min}} caracteres.',
  'error.field.tooBig': 'O valor de “{{field}}” não pode ser maior que {{max}}.',
  'error.field.tooSmall': 'O valor de “{{field}}” não pode ser menor que {{min}}.',
  'error.field.wrongType': 'O campo “{{field}}” tem um valor de tipo incorreto.',
  'error.field.unknown': '“{{field}}” não é um campo desta requisição.',
  'error.field.notAllowed': 'O campo “{{field}}” tem um valor não permitido.',
  'error.field.badCharacter': '“{{field}}” contém um caractere não permitido.',
  'error.field.tooMany': '“{{field}}” pode ter no máximo {{max}} entradas.',
  'error.field.emptyKey': '“{{field}}” tem uma entrada sem nome.',
  'error.field.weakPassword':
    '“{{field}}” é fácil demais de adivinhar: uma senha comum ou vazada, caracteres repetidos ou em sequência, ou uma palavra deste serviço ou da conta. Algumas palavras sem relação entre si formam uma senha forte.',
  'error.field.reusedPassword': '“{{field}}” deve ser diferente da senha atual.',
  'error.demoAgentPasswordRefused':
    'Este agente ainda usa a senha de demonstração publicada, que só funciona em um servidor acessível apenas a partir desta máquina. Peça a um administrador para definir uma nova senha no CMS.',
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
  'error.deviceNotFound':
    'Este dispositivo não existe neste navegador. Pode ter sido desconectado: chame getDevices para obter a lista atual.',
  'error.outputSelectionUnsupported':
    'Este navegador não permite escolher onde o som é reproduzido, por isso só a saída padrão pode ser usada.',
  'error.didTaken': 'O número {{number}} já toca em outro locatário. Um número só pode chegar a um locatário.',
  'error.telephonyNotConfigured':
    'Este servidor não tem um soquete SIP nem um relay de mídia configurados (SIP_LISTEN e RTPENGINE_NG), por isso não é possível ativar um tronco SIP.',
  'error.secretsKeyMissing':
    'Este servidor não tem uma chave para guardar senhas criptografadas (SECRETS_KEY), por isso a senha do tronco SIP não pode ser salva.',
  'error.trunkBusy':
    'Todas as linhas da conexão telefônica da sua central de atendimento estão ocupadas. Tente novamente quando uma chamada terminar.',
  'error.shortNumberIsExtension':
    'O número {{number}} é o ramal de um agente. Se ficar como número curto no plano de discagem, as chamadas para ele sairão para a rede telefônica em vez de tocar no ramal: remova-o da lista ou altere o ramal.',
  'error.field.duplicate': '“{{field}}” repete um valor que já está na lista.',
  'error.jsonTooDeep':
    'O corpo da requisição aninha listas e objetos em profundidade demais (máximo de {{max}} níveis).',
  'error.trunkHostForbidden':
    '{{host}} não pode ser o host de um tronco: é um endereço link-local ou de metadados da nuvem, nunca o servidor SIP de uma operadora. Informe o endereço que sua operadora forneceu.',
} satisfies ErrorMessages;
