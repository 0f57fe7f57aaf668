import type { ErrorMessages } from './en.js';

export default {
  'error.badJson': 'リクエスト本文が有効な JSON ではありません。',
  'error.badUrl': 'このリクエストのアドレスが正しくありません。',
  'error.missingHost': 'このリクエストには HTTP/1.1 で必須の Host ヘッダーがありません。',
  'error.badRequest': 'リクエストを読み取れませんでした。もう一度送信してください。',
  'error.crossSiteRequest':
    'このリクエストは別のサイトから送られたため拒否されました。このサーバーのページを開いてもう一度お試しください。',
  'error.requestTimeout':
    'リクエストの到着に時間がかかりすぎたため、キャンセルされました。接続を確認してもう一度お試しください。',
  'error.invalidField': 'リクエストに無効なフィールドがあります：{{detail}}',
  'error.notLoggedIn': '先にログインしてください。',
  'error.wrongCredentials': 'アカウントまたはパスワードが正しくありません。',
  'error.apiNotFound': '{{path}} に該当する API はありません。',
  'error.notFound': '{{path}} には何も見つかりませんでした。',
  'error.versionNotFound': 'このバージョンは存在しません。削除された可能性があります。',
  'error.versionNameTaken': '同じ名前のバージョンがすでに存在します。',
  'error.defaultVersionRequired':
    'デフォルトのバージョンが 1 つ必要です。代わりに別のバージョンをデフォルトに設定してください。',
  'error.concurrentUpdate': '他のユーザーが同時に変更しました。再読み込みしてから、もう一度お試しください。',
  'error.bodyTooLarge': 'リクエストが大きすぎます（最大 {{max}} バイト）。',
  'error.unsupportedMediaType': 'リクエストは JSON 形式で送信してください（Content-Type: application/json）。',
  'error.tooManyLoginAttempts': 'ログインの失敗回数が多すぎます。{{seconds}} 秒後にもう一度お試しください。',
  'error.diagTransferLimit':
    'このアドレスは帯域テストの割り当てを現在使い切っています。{{seconds}} 秒後にもう一度お試しください。',
  'error.internal': 'サーバーでエラーが発生しました。もう一度お試しください。',
  'error.databaseUnavailable': '現在データベースに接続できません。数秒後にもう一度お試しください。',
  'error.serverStopping': 'サーバーを再起動しています。数秒後にもう一度お試しください。',
  'error.callCentreUnavailable': 'コールセンターを別のサーバーに切り替えています。数秒後にもう一度お試しください。',
  'error.socketMissing': 'ソケットのインスタンスが存在しません。先に init() で電話を起動してください。',
  'error.cannotSend': 'メッセージを送信できません。電話がまだ読み込まれていません。',
  'error.connectionDown':
    '接続が切断されているか、利用できません。電話は再接続中です。しばらくしてからもう一度お試しください。',
  'error.sessionEnded':
    'ソフトフォンのセッションは終了しています（サインアウト、別のタブでの引き継ぎ、またはクローズ）。これ以上リクエストは受け付けません。ソフトフォンを起動し直すか、オペレーターを取り戻してください。',
  'error.phoneNotReady':
    'ソフトフォンはまだログインしていないため、リクエストは送信されませんでした。準備ができるまで待ってから、もう一度お試しください。',
  'error.engineTimeout':
    'コールセンターが時間内に応答しなかったため、結果は不明です。ソフトフォンの状態を確認してから、もう一度お試しください。',

  'error.ssoTokenInvalid': 'SSO 署名の取得に失敗しました：SSO 公開鍵トークンが無効です。',
  'error.ssoAccountUnknown':
    'SSO 署名の取得に失敗しました：このテナントには、このアカウントを持つオペレーターがいません。',
  'error.ssoSignatureInvalid':
    'Basic サービスからログイントークンを取得できませんでした。SSO 署名が無効か、有効期限が切れています。新しい署名を取得してください。',
  'error.ssoSignatureUsed':
    'Basic サービスからログイントークンを取得できませんでした。この SSO 署名はすでに使用されています。新しい署名を取得してください。',
  'error.basicLoginFailed':
    'Basic サービスからログイントークンを取得できませんでした。アカウントとパスワードを確認してください。',
  'error.agentDisabled':
    'Basic サービスからログイントークンを取得できませんでした。このオペレーターアカウントは無効化されています。',
  'error.accountAmbiguous': 'この社員番号は複数のテナントに存在します。メールアドレスでログインしてください。',
  'error.loginTokenInvalid': 'ログイン認証に失敗しました：ログイントークンが無効です。もう一度ログインしてください。',
  'error.loginTokenExpired':
    'ログイン認証に失敗しました：ログイントークンの有効期限が切れています。もう一度ログインしてください。',
  'error.loginTokenUsed':
    'ログイン認証に失敗しました：このログイントークンはすでに使用されています。新しいトークンを取得してください。',
  'error.socketAuthFailed': 'Socket 認証に失敗しました。',
  'error.sessionGone': 'セッションが終了しているため、再開できませんでした。もう一度ログインしてください。',
  'error.badFrame': 'メッセージを読み取れませんでした：ソフトフォンのプロトコルのメッセージではありません。',
  'error.unknownMethod': '「{{method}}」という名前のメソッドはありません。',
  'error.invalidParams': '無効なパラメーターがあります：{{detail}}',
  'error.checkInNotAllowed': 'チェックインに失敗しました：このオペレーターはチェックインを許可されていません。',
  'error.checkInNoExtension':
    'チェックインに失敗しました：このオペレーターには内線番号がありません。管理者に割り当てを依頼してください。',
  'error.notCheckedIn': '先にチェックインしてください。',
  'error.alreadyCheckedIn': 'オペレーターはすでにチェックインしています。',
  'error.illegalAgentStatus': '通話中のオペレーターはチェックアウトできません。先に通話を終了してください。',
  'error.unknownReason': 'この離席理由はテナントの一覧にありません。',
  'error.unknownWrapUpCode': 'この後処理コードはテナントの一覧にありません。',
  'error.frameTooLarge': 'メッセージが大きすぎます。',
  'error.tooManyFrames': '短時間に届いたメッセージが多すぎるため、接続を切断しました。自動的に再接続します。',
  'error.invalidNumber': 'この番号には発信できません。番号を確認して、もう一度お試しください。',
  'error.callNotFound': 'この通話はすでに存在しません。',
  'error.agentInCall': 'オペレーターはすでに通話中です。',
  'error.illegalCallState': '通話の現在の状態では、この操作は実行できません。',
  'error.transferFailed': '転送に失敗しました：外部番号が応答しませんでした。',
  'error.trunkTransferUnsupported':
    'SIP トランクの通話は同僚またはキューには転送できますが、外部番号への転送にはまだ対応していません。',
  'error.extensionUnavailable':
    'この内線は現在通話を受けられません：同僚がオフラインか通話中、または内線番号が割り当てられていません。',
  'error.internalCallNotAllowed': 'このソフトフォンでは同僚への発信が無効になっています。',
  'error.numberBlocked': '{{number}} への発信は、コールセンターのダイヤルプランでブロックされています。',
  'error.premiumNumberBlocked':
    '{{number}} は通話料が割高な番号または衛星電話の番号のため、コールセンターのダイヤルプランで発信が許可されていません。',
  'error.internationalNotAllowed':
    '{{number}} は海外の番号です。コールセンターのダイヤルプランでは、国際電話の発信が許可されていません。',
  'error.tenantNotFound': 'このテナントは存在しません。削除された可能性があります。',
  'error.agentNotFound': 'このオペレーターは存在しません。削除された可能性があります。',
  'error.agentTaken': 'この値はすでに別のオペレーターが使用しています。',
  'error.webhookNotFound': 'この Webhook は存在しません。削除された可能性があります。',
  'error.webhookDeliveryNotFound': 'この配信はすでに履歴にありません。古い配信は一定期間後に削除されます。',
  'error.apiKeyInvalid':
    'API キーがないか、不明か、無効化されています。「Authorization: Bearer opk_…」の形式で送るか、CMS で新しいキーを作成してください。',
  'error.apiKeyNotFound': 'この API キーは存在しません。すでに無効化されている可能性があります。',
  'error.apiKeyLimit':
    '1 つのテナントに作成できる API キーは {{max}} 個までです。先に使わなくなったキーを無効にしてください。',
  'error.eventCursorUnknown':
    'このイベント以降のイベントはもう保存されていないか（イベントの保存期間は 30 日です）、このテナントのイベントではありません。「after」を付けずに最初からやり直し、取りこぼした分は自社の記録から取得してください。',
  'error.eventStreamLimit':
    'この API キーではすでに {{max}} 本のストリームが開いています。どれかを閉じるか、別のキーを使ってください。',
  'error.webhookLimit':
    '1 つのテナントに設定できる Webhook は {{max}} 個までです。先に使わなくなったものを削除してください。',
  'error.webhookTargetRefused':
    '{{host}} はこのサーバー上またはプライベートネットワーク内にあり、このサーバーはそこへイベントを送信しません。インターネットから到達できるアドレスを使うか、運用者にプライベートな送信先の許可（WEBHOOK_PRIVATE_TARGETS）を依頼してください。',
  'error.agentAccountRequired':
    'ログインに使うメールアドレス、社員番号、携帯電話番号のうち、少なくとも 1 つをオペレーターに設定してください。',

  'error.field.required': '「{{field}}」は必須です。',
  'error.field.tooLong': '「{{field}}」は {{max}} 文字以内で入力してください。',
  'error.field.tooShort': '「{{field}}」は {{min}} 文字以上で入力してください。',
  'error.field.tooBig': '「{{field}}」は {{max}} 以下にしてください。',
  'error.field.tooSmall': '「{{field}}」は {{min}} 以上にしてください。',
  'error.field.wrongType': '「{{field}}」の値の型が正しくありません。',
  'error.field.unknown': '「{{field}}」はこのリクエストのフィールドではありません。',
  'error.field.notAllowed': '「{{field}}」の値は許可されていません。',
  'error.field.badCharacter': '「{{field}}」に使用できない文字が含まれています。',
  'error.field.tooMany': '「{{field}}」に入れられる項目は最大 {{max}} 個です。',
  'error.field.emptyKey': '「{{field}}」に名前のない項目があります。',
  'error.field.weakPassword':
    '「{{field}}」は推測されやすすぎます。よく使われる、または流出したパスワード、同じ文字や連続した文字の並び、あるいはこのサービスやアカウントの名前が含まれています。互いに関係のない単語をいくつか並べると、強いパスワードになります。',
  'error.field.reusedPassword': '「{{field}}」は現在のパスワードと異なるものにしてください。',
  'error.demoAgentPasswordRefused':
    'このエージェントはまだ公開されているデモ用パスワードのままです。このパスワードは、このマシンからしか接続できないサーバーでのみ使えます。管理者に CMS で新しいパスワードを設定してもらってください。',
  'error.resourceNotFound': 'このドキュメントは存在しないか、公開されていません。',
  'error.accountDisabled': 'このアカウントは無効化されています。管理者に有効化を依頼してください。',
  'error.forbidden': 'お使いのロールではこの操作は許可されていません。管理者にお問い合わせください。',
  'error.passwordChangeRequired': '続行する前に、デモ用パスワードを変更してください。',
  'error.attachmentNotFound': 'この添付ファイルは存在しません。削除された可能性があります。',
  'error.accountNotFound': 'このアカウントは存在しません。削除された可能性があります。',
  'error.staleRevision':
    '開いた後に、他のユーザーがこの内容を保存しました。両方の内容を比較してから、もう一度保存してください。',
  'error.categoryNotEmpty':
    'このカテゴリには、まだサブカテゴリまたはドキュメントがあります。先に移動または削除してください。',
  'error.illegalStatusChange':
    'このステータスには変更できません。未公開または公開停止中の項目は公開でき、公開中の項目は公開停止できます。',
  'error.categoryCycle': 'カテゴリを、そのカテゴリ自身やそのサブカテゴリの下に移動することはできません。',
  'error.attachmentInUse': 'この添付ファイルはまだドキュメントからリンクされています。先にリンクを削除してください。',
  'error.accountTaken': '同じ名前のアカウントがすでに存在します。',
  'error.lastAdmin': 'これは最後の有効な管理者です。先に別のアカウントを管理者にしてください。',
  'error.sortMismatch': '並べ替え中に一覧が変更されました。再読み込みしてから、もう一度お試しください。',
  'error.attachmentTooLarge': 'ファイルが大きすぎます（最大 {{max}} MB）。',
  'error.unsupportedFileType':
    'この種類のファイルは添付できません。画像、PDF、テキスト、Markdown、CSV、ZIP のいずれかのファイルを使用してください。',
  'error.categoryNotFound': 'このカテゴリは存在しないか、公開されていません。',
  'error.deviceNotFound':
    'このブラウザーにそのデバイスはありません。取り外された可能性があります。getDevices を呼び出して最新の一覧を取得してください。',
  'error.outputSelectionUnsupported':
    'このブラウザーでは音声の出力先を選べないため、デフォルトの出力デバイスしか使用できません。',
  'error.didTaken': '番号 {{number}} はすでに別のテナントに着信します。1 つの番号が着信できるテナントは 1 つだけです。',
  'error.telephonyNotConfigured':
    'このサーバーには SIP ソケットとメディアリレーが設定されていないため（SIP_LISTEN と RTPENGINE_NG）、トランクをオンにできません。',
  'error.secretsKeyMissing':
    'このサーバーにはパスワードを暗号化して保存するための鍵（SECRETS_KEY）が設定されていないため、トランクのパスワードを保存できません。',
  'error.trunkBusy': 'コールセンターの電話回線がすべて使用中です。通話が終了してから、もう一度お試しください。',
  'error.shortNumberIsExtension':
    '{{number}} はオペレーターの内線番号です。ダイヤルプランの特殊番号にすると、この内線を呼び出さずに電話網へ発信されてしまいます。リストから削除するか、内線番号を変更してください。',
  'error.field.duplicate': '「{{field}}」はリストにすでにある値と重複しています。',
  'error.jsonTooDeep': 'リクエスト本文のリストやオブジェクトの入れ子が深すぎます（最大 {{max}} 階層）。',
  'error.trunkHostForbidden':
    '{{host}} はトランクのホストにできません。リンクローカルアドレスまたはクラウドのメタデータアドレスであり、通信事業者の SIP サーバーではありません。通信事業者から提供されたアドレスを入力してください。',
} satisfies ErrorMessages;
