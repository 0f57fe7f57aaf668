import type { ErrorMessages } from './en.js';

export default {
  'error.badJson': '요청 본문이 올바른 JSON이 아닙니다.',
  'error.badUrl': '이 요청의 주소가 올바르지 않습니다.',
  'error.missingHost': '이 요청에는 HTTP/1.1에서 필수인 Host 헤더가 없습니다.',
  'error.badRequest': '요청을 읽을 수 없습니다. 다시 보내 주세요.',
  'error.crossSiteRequest': '다른 사이트에서 보낸 요청이라 거부되었습니다. 이 서버의 페이지를 열고 다시 시도해 주세요.',
  'error.requestTimeout': '요청이 도착하는 데 너무 오래 걸려 취소되었습니다. 연결을 확인한 후 다시 시도해 주세요.',
  'error.invalidField': '요청에 잘못된 필드가 있습니다: {{detail}}',
  'error.notLoggedIn': '먼저 로그인하세요.',
  'error.wrongCredentials': '계정 또는 비밀번호가 올바르지 않습니다.',
  'error.apiNotFound': '{{path}} 경로에 API가 없습니다.',
  'error.notFound': '{{path}}에서 아무것도 찾을 수 없습니다.',
  'error.versionNotFound': '이 버전은 존재하지 않습니다. 삭제되었을 수 있습니다.',
  'error.versionNameTaken': '같은 이름의 버전이 이미 있습니다.',
  'error.defaultVersionRequired': '기본 버전이 하나는 있어야 합니다. 대신 다른 버전을 기본으로 설정하세요.',
  'error.concurrentUpdate': '다른 사용자가 동시에 변경했습니다. 새로고침한 후 다시 시도하세요.',
  'error.bodyTooLarge': '요청이 너무 큽니다(최대 {{max}}바이트).',
  'error.unsupportedMediaType': '요청을 JSON 형식으로 보내세요(Content-Type: application/json).',
  'error.tooManyLoginAttempts': '로그인 실패 횟수가 너무 많습니다. {{seconds}}초 후에 다시 시도하세요.',
  'error.diagTransferLimit':
    '이 주소는 지금은 대역폭 테스트 할당량을 모두 사용했습니다. {{seconds}}초 후에 다시 시도하세요.',
  'error.internal': '서버에서 오류가 발생했습니다. 다시 시도하세요.',
  'error.databaseUnavailable': '지금은 데이터베이스에 연결할 수 없습니다. 몇 초 후에 다시 시도하세요.',
  'error.serverStopping': '서버를 다시 시작하는 중입니다. 몇 초 후에 다시 시도해 주세요.',
  'error.callCentreUnavailable': '콜센터가 다른 서버로 옮겨 가는 중입니다. 몇 초 후에 다시 시도해 주세요.',
  'error.socketMissing': '소켓 인스턴스가 없습니다. 먼저 init()으로 전화기를 시작하세요.',
  'error.cannotSend': '메시지를 보낼 수 없습니다. 전화기가 아직 로드되지 않았습니다.',
  'error.connectionDown': '연결이 끊겼거나 사용할 수 없습니다. 전화기가 다시 연결하는 중이니 잠시 후 다시 시도하세요.',
  'error.sessionEnded':
    '소프트폰 세션이 종료되어(로그아웃, 다른 탭에서 가져감 또는 닫힘) 더 이상 요청을 받지 않습니다. 소프트폰을 다시 시작하거나 상담원을 다시 가져오세요.',
  'error.phoneNotReady':
    '소프트폰이 아직 로그인하지 않아 요청을 보내지 않았습니다. 소프트폰이 준비될 때까지 기다린 후 다시 시도하세요.',
  'error.engineTimeout':
    '콜센터가 제때 응답하지 않아 결과를 알 수 없습니다. 소프트폰 상태를 확인한 후 다시 시도하세요.',

  'error.ssoTokenInvalid': 'SSO 서명을 가져오지 못했습니다: SSO 공개 키 토큰이 올바르지 않습니다.',
  'error.ssoAccountUnknown': 'SSO 서명을 가져오지 못했습니다: 이 테넌트에는 이 계정을 사용하는 상담원이 없습니다.',
  'error.ssoSignatureInvalid':
    'Basic 서비스를 통해 로그인 토큰을 가져오지 못했습니다. SSO 서명이 올바르지 않거나 만료되었습니다. 새 서명을 요청하세요.',
  'error.ssoSignatureUsed':
    'Basic 서비스를 통해 로그인 토큰을 가져오지 못했습니다. 이 SSO 서명은 이미 사용되었습니다. 새 서명을 요청하세요.',
  'error.basicLoginFailed': 'Basic 서비스를 통해 로그인 토큰을 가져오지 못했습니다. 계정과 비밀번호를 확인하세요.',
  'error.agentDisabled':
    'Basic 서비스를 통해 로그인 토큰을 가져오지 못했습니다. 이 상담원 계정은 비활성화되어 있습니다.',
  'error.accountAmbiguous': '이 사번은 여러 테넌트에 존재합니다. 이메일 주소로 로그인하세요.',
  'error.loginTokenInvalid': '로그인 인증에 실패했습니다: 로그인 토큰이 올바르지 않습니다. 다시 로그인하세요.',
  'error.loginTokenExpired': '로그인 인증에 실패했습니다: 로그인 토큰이 만료되었습니다. 다시 로그인하세요.',
  'error.loginTokenUsed': '로그인 인증에 실패했습니다: 이 로그인 토큰은 이미 사용되었습니다. 새 토큰을 받으세요.',
  'error.socketAuthFailed': 'Socket 인증에 실패했습니다.',
  'error.sessionGone': '세션이 이미 종료되어 재개할 수 없습니다. 다시 로그인하세요.',
  'error.badFrame': '메시지를 읽을 수 없습니다: 소프트폰 프로토콜의 메시지가 아닙니다.',
  'error.unknownMethod': "'{{method}}'(이)라는 메서드가 없습니다.",
  'error.invalidParams': '올바르지 않은 매개변수가 있습니다: {{detail}}',
  'error.checkInNotAllowed': '체크인에 실패했습니다: 이 상담원은 체크인이 허용되지 않습니다.',
  'error.checkInNoExtension':
    '체크인에 실패했습니다: 이 상담원에게 내선 번호가 없습니다. 관리자에게 할당을 요청하세요.',
  'error.notCheckedIn': '먼저 체크인하세요.',
  'error.alreadyCheckedIn': '상담원이 이미 체크인했습니다.',
  'error.illegalAgentStatus': '통화 중에는 상담원이 체크아웃할 수 없습니다. 먼저 통화를 종료하세요.',
  'error.unknownReason': '이 이석 사유는 테넌트 목록에 없습니다.',
  'error.unknownWrapUpCode': '이 상담 결과 코드는 테넌트 목록에 없습니다.',
  'error.frameTooLarge': '메시지가 너무 큽니다.',
  'error.tooManyFrames': '짧은 시간에 메시지가 너무 많이 왔습니다. 연결이 종료되었으며 자동으로 다시 연결됩니다.',
  'error.invalidNumber': '이 번호로는 전화를 걸 수 없습니다. 번호를 확인한 후 다시 시도하세요.',
  'error.callNotFound': '이 통화는 더 이상 존재하지 않습니다.',
  'error.agentInCall': '상담원이 이미 통화 중입니다.',
  'error.illegalCallState': '통화의 현재 상태에서는 이 작업을 할 수 없습니다.',
  'error.transferFailed': '전환에 실패했습니다: 외부 번호가 전화를 받지 않았습니다.',
  'error.trunkTransferUnsupported':
    'SIP 트렁크 통화는 동료나 대기열로 넘길 수 있지만, 외부 번호로는 아직 넘길 수 없습니다.',
  'error.extensionUnavailable':
    '지금은 이 내선 번호로 연결할 수 없습니다: 동료가 오프라인이거나 통화 중이거나, 내선 번호가 할당되지 않았습니다.',
  'error.internalCallNotAllowed': '이 전화에서는 동료에게 전화 걸기가 꺼져 있습니다.',
  'error.numberBlocked': '콜센터의 다이얼 플랜에서 {{number}} 번호로 거는 전화를 차단하고 있습니다.',
  'error.premiumNumberBlocked':
    '{{number}}은(는) 고액 요금이 부과되는 번호 또는 위성 전화 번호이며, 콜센터의 다이얼 플랜에서 이 번호로의 발신을 허용하지 않습니다.',
  'error.internationalNotAllowed':
    '{{number}}은(는) 해외 번호이며, 콜센터의 다이얼 플랜에서 국제 전화 발신을 허용하지 않습니다.',
  'error.tenantNotFound': '이 테넌트는 존재하지 않습니다. 삭제되었을 수 있습니다.',
  'error.agentNotFound': '이 상담원은 존재하지 않습니다. 삭제되었을 수 있습니다.',
  'error.agentTaken': '다른 상담원이 이미 이 값을 사용하고 있습니다.',
  'error.webhookNotFound': '이 웹훅은 존재하지 않습니다. 삭제되었을 수 있습니다.',
  'error.webhookDeliveryNotFound': '이 전송은 더 이상 기록에 없습니다. 오래된 전송은 일정 시간이 지나면 삭제됩니다.',
  'error.apiKeyInvalid':
    "API 키가 없거나, 알 수 없거나, 폐기되었습니다. 'Authorization: Bearer opk_…' 형식으로 보내거나 CMS에서 새 키를 만드세요.",
  'error.apiKeyNotFound': '이 API 키는 존재하지 않습니다. 이미 폐기되었을 수 있습니다.',
  'error.apiKeyLimit': '테넌트당 API 키는 최대 {{max}}개까지입니다. 먼저 더 이상 쓰지 않는 키를 폐기하세요.',
  'error.eventCursorUnknown':
    "이 이벤트 이후의 이벤트가 더 이상 보관되어 있지 않거나(이벤트는 30일 동안 보관됩니다), 이 테넌트의 이벤트가 아닙니다. 'after' 없이 처음부터 다시 시작하고, 놓친 이벤트는 자체 기록에서 가져오세요.",
  'error.eventStreamLimit': '이 API 키로 이미 스트림 {{max}}개가 열려 있습니다. 하나를 닫거나 다른 키를 사용하세요.',
  'error.webhookLimit': '테넌트당 웹훅은 최대 {{max}}개까지입니다. 먼저 더 이상 쓰지 않는 웹훅을 삭제하세요.',
  'error.webhookTargetRefused':
    '{{host}}은(는) 이 서버나 사설 네트워크에 있는 주소라 이 서버는 그곳으로 이벤트를 보내지 않습니다. 인터넷에서 접근할 수 있는 주소를 쓰거나, 운영자에게 사설 대상을 허용해 달라고 요청하세요(WEBHOOK_PRIVATE_TARGETS).',
  'error.agentAccountRequired': '상담원이 로그인할 수 있도록 이메일 주소, 사번, 휴대폰 번호 중 하나 이상을 입력하세요.',

  'error.field.required': "'{{field}}' 필드는 필수입니다.",
  'error.field.tooLong': "'{{field}}' 필드는 최대 {{max}}자까지 입력할 수 있습니다.",
  'error.field.tooShort': "'{{field}}' 필드는 {{min}}자 이상이어야 합니다.",
  'error.field.tooBig': "'{{field}}' 필드의 값은 {{max}} 이하여야 합니다.",
  'error.field.tooSmall': "'{{field}}' 필드의 값은 {{min}} 이상이어야 합니다.",
  'error.field.wrongType': "'{{field}}' 필드의 값 형식이 올바르지 않습니다.",
  'error.field.unknown': "이 요청에는 '{{field}}' 필드가 없습니다.",
  'error.field.notAllowed': "'{{field}}' 필드에 허용되지 않는 값이 있습니다.",
  'error.field.badCharacter': '‘{{field}}’에 허용되지 않는 문자가 있습니다.',
  'error.field.tooMany': '‘{{field}}’에는 항목을 최대 {{max}}개까지 넣을 수 있습니다.',
  'error.field.emptyKey': '‘{{field}}’에 이름이 없는 항목이 있습니다.',
  'error.field.weakPassword':
    '‘{{field}}’은(는) 너무 쉽게 추측됩니다. 흔하거나 유출된 비밀번호, 반복되거나 연속된 문자, 또는 이 서비스나 계정의 단어입니다. 서로 관계없는 단어 몇 개를 이어 쓰면 강한 비밀번호가 됩니다.',
  'error.field.reusedPassword': '‘{{field}}’은(는) 현재 비밀번호와 달라야 합니다.',
  'error.demoAgentPasswordRefused':
    '이 상담원은 아직 공개된 데모 비밀번호를 사용하고 있습니다. 이 비밀번호는 이 컴퓨터에서만 접속할 수 있는 서버에서만 작동합니다. 관리자에게 CMS에서 새 비밀번호를 설정해 달라고 요청하세요.',
  'error.resourceNotFound': '이 문서는 없거나 게시되지 않았습니다.',
  'error.accountDisabled': '이 계정은 비활성화되었습니다. 관리자에게 활성화를 요청하세요.',
  'error.forbidden': '현재 역할로는 이 작업을 할 수 없습니다. 관리자에게 문의하세요.',
  'error.passwordChangeRequired': '계속하기 전에 데모 비밀번호를 변경하세요.',
  'error.attachmentNotFound': '이 첨부 파일은 존재하지 않습니다. 삭제되었을 수 있습니다.',
  'error.accountNotFound': '이 계정은 존재하지 않습니다. 삭제되었을 수 있습니다.',
  'error.staleRevision': '이 항목을 연 후에 다른 사용자가 저장했습니다. 두 버전을 비교한 후 다시 저장하세요.',
  'error.categoryNotEmpty': '이 분류에 아직 하위 분류나 문서가 있습니다. 먼저 이동하거나 삭제하세요.',
  'error.illegalStatusChange':
    '허용되지 않는 상태 변경입니다. 게시되지 않았거나 게시 중단된 항목은 게시할 수 있고, 게시된 항목은 게시 중단할 수 있습니다.',
  'error.categoryCycle': '분류를 자기 자신이나 자신의 하위 분류 아래로 이동할 수 없습니다.',
  'error.attachmentInUse': '이 첨부 파일을 링크하고 있는 문서가 아직 있습니다. 먼저 링크를 제거하세요.',
  'error.accountTaken': '같은 이름의 계정이 이미 있습니다.',
  'error.lastAdmin': '마지막으로 남은 활성 관리자입니다. 먼저 다른 계정을 관리자로 지정하세요.',
  'error.sortMismatch': '정렬하는 동안 목록이 변경되었습니다. 새로고침한 후 다시 시도하세요.',
  'error.attachmentTooLarge': '파일이 너무 큽니다(최대 {{max}}MB).',
  'error.unsupportedFileType':
    '이 형식의 파일은 첨부할 수 없습니다. 이미지, PDF, 텍스트, Markdown, CSV 또는 ZIP 파일을 사용하세요.',
  'error.categoryNotFound': '이 분류는 없거나 게시되지 않았습니다.',
  'error.deviceNotFound':
    '이 브라우저에 해당 장치가 없습니다. 분리되었을 수 있으니 getDevices를 호출하여 현재 목록을 확인하세요.',
  'error.outputSelectionUnsupported':
    '이 브라우저에서는 소리를 출력할 장치를 선택할 수 없어 기본 출력 장치만 사용할 수 있습니다.',
  'error.didTaken':
    '번호 {{number}}은(는) 이미 다른 테넌트로 착신됩니다. 한 번호는 하나의 테넌트로만 착신될 수 있습니다.',
  'error.telephonyNotConfigured':
    '이 서버에는 SIP 소켓과 미디어 릴레이가 설정되어 있지 않아(SIP_LISTEN 및 RTPENGINE_NG) 트렁크를 켤 수 없습니다.',
  'error.secretsKeyMissing':
    '이 서버에는 비밀번호를 암호화해 저장할 키(SECRETS_KEY)가 설정되어 있지 않아 트렁크 비밀번호를 저장할 수 없습니다.',
  'error.trunkBusy': '콜센터 전화 회선이 모두 사용 중입니다. 통화가 끝난 후 다시 시도하세요.',
  'error.shortNumberIsExtension':
    '{{number}}은(는) 상담원의 내선 번호입니다. 다이얼 플랜의 특수번호로 두면 이 번호로 거는 전화가 상담원에게 연결되지 않고 전화망으로 나갑니다. 목록에서 삭제하거나 내선 번호를 변경하세요.',
  'error.field.duplicate': "'{{field}}'의 값이 목록에 이미 있습니다.",
  'error.jsonTooDeep': '요청 본문의 목록과 객체가 너무 깊게 중첩되어 있습니다(최대 {{max}}단계).',
  'error.trunkHostForbidden':
    '{{host}}은(는) 트렁크 호스트로 사용할 수 없습니다. 링크 로컬 주소 또는 클라우드 메타데이터 주소이며, 통신사의 SIP 서버가 아닙니다. 통신사에서 받은 주소를 입력하세요.',
} satisfies ErrorMessages;
