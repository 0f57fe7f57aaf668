import type { ErrorMessages } from './en.js';

export default {
  'error.badJson': 'Nội dung yêu cầu không phải là JSON hợp lệ.',
  'error.badUrl': 'Địa chỉ của yêu cầu này không hợp lệ.',
  'error.missingHost': 'Yêu cầu này thiếu tiêu đề Host, vốn bắt buộc trong HTTP/1.1.',
  'error.badRequest': 'Không đọc được yêu cầu. Vui lòng gửi lại.',
  'error.crossSiteRequest':
    'Yêu cầu này đến từ một trang web khác nên đã bị từ chối. Hãy mở trang trên máy chủ này rồi thử lại.',
  'error.requestTimeout': 'Yêu cầu mất quá nhiều thời gian để đến nên đã bị hủy. Hãy kiểm tra kết nối rồi thử lại.',
  'error.invalidField': 'Yêu cầu có trường không hợp lệ: {{detail}}',
  'error.notLoggedIn': 'Vui lòng đăng nhập trước.',
  'error.wrongCredentials': 'Tài khoản hoặc mật khẩu không đúng.',
  'error.apiNotFound': 'Không có API nào tại {{path}}.',
  'error.notFound': 'Không tìm thấy gì tại {{path}}.',
  'error.versionNotFound': 'Phiên bản này không tồn tại, có thể đã bị xóa.',
  'error.versionNameTaken': 'Đã có phiên bản trùng tên.',
  'error.defaultVersionRequired': 'Phải luôn có một phiên bản mặc định. Vui lòng đặt một phiên bản khác làm mặc định.',
  'error.concurrentUpdate': 'Người khác vừa thay đổi nội dung này cùng lúc. Vui lòng tải lại và thử lại.',
  'error.bodyTooLarge': 'Yêu cầu quá lớn (tối đa {{max}} byte).',
  'error.unsupportedMediaType': 'Vui lòng gửi yêu cầu dưới dạng JSON (Content-Type: application/json).',
  'error.tooManyLoginAttempts': 'Đăng nhập thất bại quá nhiều lần. Vui lòng thử lại sau {{seconds}} giây.',
  'error.diagTransferLimit':
    'Địa chỉ này tạm thời đã dùng hết phần kiểm tra băng thông của mình. Vui lòng thử lại sau {{seconds}} giây.',
  'error.internal': 'Máy chủ gặp sự cố. Vui lòng thử lại.',
  'error.databaseUnavailable': 'Hiện không thể kết nối tới cơ sở dữ liệu. Vui lòng thử lại sau vài giây.',
  'error.serverStopping': 'Máy chủ đang khởi động lại. Vui lòng thử lại sau vài giây.',
  'error.callCentreUnavailable': 'Tổng đài đang chuyển sang máy chủ khác. Vui lòng thử lại sau vài giây.',
  'error.socketMissing': 'Không tồn tại phiên bản socket. Hãy khởi động điện thoại bằng init() trước.',
  'error.cannotSend': 'Không thể gửi tin nhắn: điện thoại chưa tải xong.',
  'error.connectionDown':
    'Kết nối bị ngắt hoặc không khả dụng. Điện thoại đang kết nối lại; vui lòng thử lại sau giây lát.',
  'error.sessionEnded':
    'Phiên của điện thoại đã kết thúc (đăng xuất, bị tab khác lấy mất, hoặc đã đóng), nên không nhận yêu cầu nữa. Hãy khởi động lại điện thoại hoặc lấy lại tổng đài viên.',
  'error.phoneNotReady':
    'Điện thoại chưa đăng nhập nên yêu cầu chưa được gửi. Hãy chờ điện thoại sẵn sàng rồi thử lại.',
  'error.engineTimeout':
    'Tổng đài không trả lời kịp thời nên chưa rõ kết quả. Hãy kiểm tra trạng thái của điện thoại rồi thử lại.',

  'error.ssoTokenInvalid': 'Không lấy được chữ ký SSO: token khóa công khai SSO không hợp lệ.',
  'error.ssoAccountUnknown': 'Không lấy được chữ ký SSO: không có tổng đài viên nào của tenant này dùng tài khoản này.',
  'error.ssoSignatureInvalid':
    'Không lấy được token đăng nhập qua dịch vụ Basic. Chữ ký SSO không hợp lệ hoặc đã hết hạn; vui lòng yêu cầu chữ ký mới.',
  'error.ssoSignatureUsed':
    'Không lấy được token đăng nhập qua dịch vụ Basic. Chữ ký SSO này đã được sử dụng; vui lòng yêu cầu chữ ký mới.',
  'error.basicLoginFailed':
    'Không lấy được token đăng nhập qua dịch vụ Basic. Vui lòng kiểm tra tài khoản và mật khẩu.',
  'error.agentDisabled':
    'Không lấy được token đăng nhập qua dịch vụ Basic. Tài khoản tổng đài viên này đã bị vô hiệu hóa.',
  'error.accountAmbiguous': 'Mã nhân viên này tồn tại trong nhiều tenant. Vui lòng đăng nhập bằng địa chỉ email.',
  'error.loginTokenInvalid': 'Xác thực đăng nhập thất bại: token đăng nhập không hợp lệ. Vui lòng đăng nhập lại.',
  'error.loginTokenExpired': 'Xác thực đăng nhập thất bại: token đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
  'error.loginTokenUsed': 'Xác thực đăng nhập thất bại: token đăng nhập này đã được sử dụng. Vui lòng lấy token mới.',
  'error.socketAuthFailed': 'Xác thực socket thất bại.',
  'error.sessionGone': 'Không thể khôi phục phiên vì phiên đã kết thúc. Vui lòng đăng nhập lại.',
  'error.badFrame': 'Không đọc được thông điệp: đây không phải là thông điệp của giao thức softphone.',
  'error.unknownMethod': 'Không có phương thức nào tên là “{{method}}”.',
  'error.invalidParams': 'Một số tham số không hợp lệ: {{detail}}',
  'error.checkInNotAllowed': 'Check-in thất bại: tổng đài viên này không được phép check-in.',
  'error.checkInNoExtension':
    'Check-in thất bại: tổng đài viên này chưa có số máy lẻ. Vui lòng nhờ quản trị viên cấp số máy lẻ.',
  'error.notCheckedIn': 'Vui lòng check-in trước.',
  'error.alreadyCheckedIn': 'Tổng đài viên đã check-in.',
  'error.illegalAgentStatus':
    'Tổng đài viên không thể check-out khi đang trong cuộc gọi. Vui lòng kết thúc cuộc gọi trước.',
  'error.unknownReason': 'Lý do chưa sẵn sàng này không có trong danh sách của tenant.',
  'error.unknownWrapUpCode': 'Mã kết quả này không có trong danh sách của tenant.',
  'error.frameTooLarge': 'Thông điệp quá lớn.',
  'error.tooManyFrames': 'Quá nhiều thông điệp trong thời gian ngắn. Kết nối đã bị đóng và sẽ tự động kết nối lại.',
  'error.invalidNumber': 'Không thể gọi số này. Vui lòng kiểm tra lại rồi thử lại.',
  'error.callNotFound': 'Cuộc gọi này không còn tồn tại.',
  'error.agentInCall': 'Tổng đài viên đang trong cuộc gọi.',
  'error.illegalCallState': 'Không thể thực hiện thao tác này ở trạng thái hiện tại của cuộc gọi.',
  'error.transferFailed': 'Chuyển cuộc gọi thất bại: số bên ngoài không nhận cuộc gọi.',
  'error.trunkTransferUnsupported':
    'Cuộc gọi trên trung kế SIP có thể chuyển cho đồng nghiệp hoặc về hàng đợi, nhưng chưa thể chuyển ra số bên ngoài.',
  'error.extensionUnavailable':
    'Số máy lẻ này hiện không thể nhận cuộc gọi: đồng nghiệp đang ngoại tuyến hoặc đang trong cuộc gọi, hoặc số máy lẻ chưa được gán cho ai.',
  'error.internalCallNotAllowed': 'Tính năng gọi cho đồng nghiệp đã bị tắt trên điện thoại này.',
  'error.numberBlocked': 'Cuộc gọi đến số {{number}} bị chặn theo quy tắc quay số của tổng đài bạn.',
  'error.premiumNumberBlocked':
    'Số {{number}} là số dịch vụ tính cước cao hoặc số vệ tinh, và quy tắc quay số của tổng đài bạn không cho phép gọi đến số này.',
  'error.internationalNotAllowed':
    'Số {{number}} thuộc một quốc gia khác, và quy tắc quay số của tổng đài bạn không cho phép bạn gọi quốc tế.',
  'error.tenantNotFound': 'Tenant này không tồn tại, có thể đã bị xóa.',
  'error.agentNotFound': 'Tổng đài viên này không tồn tại, có thể đã bị xóa.',
  'error.agentTaken': 'Giá trị này đã được một tổng đài viên khác sử dụng.',
  'error.webhookNotFound': 'Webhook này không tồn tại, có thể đã bị xóa.',
  'error.webhookDeliveryNotFound': 'Lần gửi này không còn trong nhật ký. Các lần gửi cũ sẽ bị xóa sau một thời gian.',
  'error.apiKeyInvalid':
    'Khóa API bị thiếu, không xác định hoặc đã bị thu hồi. Hãy gửi theo dạng “Authorization: Bearer opk_…”, hoặc tạo khóa mới trong CMS.',
  'error.apiKeyNotFound': 'Khóa API này không tồn tại, có thể đã bị thu hồi.',
  'error.apiKeyLimit': 'Mỗi tenant có tối đa {{max}} khóa API. Hãy thu hồi trước một khóa không còn dùng.',
  'error.eventCursorUnknown':
    'Các sự kiện sau sự kiện này không còn được lưu (sự kiện được lưu 30 ngày), hoặc đây không phải sự kiện của tenant này. Hãy bắt đầu lại mà không có “after” và lấy phần bị lỡ từ dữ liệu của chính bạn.',
  'error.eventStreamLimit': 'Khóa API này đã mở {{max}} luồng. Hãy đóng một luồng, hoặc dùng khóa khác.',
  'error.webhookLimit': 'Mỗi tenant có tối đa {{max}} webhook. Hãy xóa trước một webhook không còn dùng.',
  'error.webhookTargetRefused':
    '{{host}} nằm trên máy chủ này hoặc trong mạng riêng, và máy chủ này không gửi sự kiện đến đó. Hãy dùng địa chỉ truy cập được từ internet, hoặc đề nghị người vận hành cho phép đích riêng (WEBHOOK_PRIVATE_TARGETS).',
  'error.agentAccountRequired':
    'Vui lòng cung cấp cho tổng đài viên ít nhất một địa chỉ email, mã nhân viên hoặc số điện thoại di động để đăng nhập.',

  'error.field.required': 'Trường “{{field}}” là bắt buộc.',
  'error.field.tooLong': 'Trường “{{field}}” không được vượt quá {{max}} ký tự.',
  'error.field.tooShort': 'Trường “{{field}}” phải có ít nhất {{min}} ký tự.',
  'error.field.tooBig': 'Giá trị của “{{field}}” không được lớn hơn {{max}}.',
  'error.field.tooSmall': 'Giá trị của “{{field}}” không được nhỏ hơn {{min}}.',
  'error.field.wrongType': 'Giá trị của “{{field}}” sai kiểu dữ liệu.',
  'error.field.unknown': '“{{field}}” không phải là trường của yêu cầu này.',
  'error.field.notAllowed': 'Giá trị của “{{field}}” không được phép.',
  'error.field.badCharacter': '“{{field}}” chứa ký tự không được phép.',
  'error.field.tooMany': '“{{field}}” chỉ được chứa tối đa {{max}} mục.',
  'error.field.emptyKey': '“{{field}}” có một mục không có tên.',
  'error.field.weakPassword':
    '“{{field}}” quá dễ đoán: đây là mật khẩu phổ biến hoặc đã bị lộ, các ký tự lặp lại hoặc liên tiếp, hoặc một từ của dịch vụ này hay của tài khoản. Vài từ không liên quan đến nhau sẽ tạo thành một mật khẩu mạnh.',
  'error.field.reusedPassword': '“{{field}}” phải khác mật khẩu hiện tại.',
  'error.demoAgentPasswordRefused':
    'Nhân viên này vẫn dùng mật khẩu demo đã công bố, mật khẩu này chỉ dùng được trên máy chủ chỉ truy cập được từ chính máy này. Hãy nhờ quản trị viên đặt mật khẩu mới trong CMS.',
  'error.resourceNotFound': 'Tài liệu này không tồn tại hoặc chưa được xuất bản.',
  'error.accountDisabled': 'Tài khoản này đã bị vô hiệu hóa. Vui lòng liên hệ quản trị viên để kích hoạt lại.',
  'error.forbidden': 'Vai trò của bạn không được phép thực hiện thao tác này. Vui lòng liên hệ quản trị viên.',
  'error.passwordChangeRequired': 'Vui lòng đổi mật khẩu demo trước khi tiếp tục.',
  'error.attachmentNotFound': 'Tệp đính kèm này không tồn tại, có thể đã bị xóa.',
  'error.accountNotFound': 'Tài khoản này không tồn tại, có thể đã bị xóa.',
  'error.staleRevision':
    'Người khác đã lưu nội dung này sau khi bạn mở. Vui lòng so sánh hai phiên bản trước khi lưu lại.',
  'error.categoryNotEmpty': 'Danh mục này vẫn còn danh mục con hoặc tài liệu. Vui lòng di chuyển hoặc xóa chúng trước.',
  'error.illegalStatusChange':
    'Không được phép thay đổi trạng thái này. Chỉ có thể xuất bản mục chưa xuất bản hoặc đã ngừng xuất bản, và ngừng xuất bản mục đang được xuất bản.',
  'error.categoryCycle': 'Không thể di chuyển danh mục vào chính nó hoặc vào một danh mục con của nó.',
  'error.attachmentInUse': 'Vẫn còn tài liệu liên kết đến tệp đính kèm này. Vui lòng gỡ liên kết trước.',
  'error.accountTaken': 'Đã có tài khoản trùng tên.',
  'error.lastAdmin':
    'Đây là quản trị viên đang hoạt động cuối cùng. Vui lòng cấp quyền quản trị viên cho một tài khoản khác trước.',
  'error.sortMismatch': 'Danh sách đã thay đổi trong lúc bạn sắp xếp. Vui lòng tải lại và thử lại.',
  'error.attachmentTooLarge': 'Tệp quá lớn (tối đa {{max}} MB).',
  'error.unsupportedFileType':
    'Không thể đính kèm loại tệp này. Vui lòng dùng tệp hình ảnh, PDF, văn bản, Markdown, CSV hoặc ZIP.',
  'error.categoryNotFound': 'Danh mục này không tồn tại hoặc chưa được xuất bản.',
  'error.deviceNotFound':
    'Trình duyệt này không có thiết bị như vậy. Có thể thiết bị đã bị rút ra: hãy gọi getDevices để lấy danh sách hiện tại.',
  'error.outputSelectionUnsupported':
    'Trình duyệt này không cho chọn nơi phát âm thanh, nên chỉ có thể dùng đầu ra mặc định.',
  'error.didTaken': 'Số {{number}} đã đổ chuông ở một tenant khác. Mỗi số chỉ có thể gọi đến một tenant.',
  'error.telephonyNotConfigured':
    'Máy chủ này chưa thiết lập socket SIP và bộ chuyển tiếp media (SIP_LISTEN và RTPENGINE_NG), nên không thể bật trunk.',
  'error.secretsKeyMissing':
    'Máy chủ này chưa có khóa để lưu mật khẩu dưới dạng mã hóa (SECRETS_KEY), nên không thể lưu mật khẩu của trunk.',
  'error.trunkBusy':
    'Tất cả đường dây kết nối điện thoại của tổng đài bạn đều đang bận. Vui lòng thử lại khi có cuộc gọi kết thúc.',
  'error.shortNumberIsExtension':
    'Số {{number}} là số máy lẻ của một tổng đài viên. Nếu đặt làm số ngắn trong quy tắc quay số, cuộc gọi đến số này sẽ đi ra mạng điện thoại thay vì đổ chuông ở máy của tổng đài viên đó: hãy xóa số này khỏi danh sách hoặc đổi số máy lẻ.',
  'error.field.duplicate': '“{{field}}” lặp lại một giá trị đã có trong danh sách.',
  'error.jsonTooDeep': 'Nội dung yêu cầu lồng danh sách và đối tượng quá sâu (tối đa {{max}} cấp).',
  'error.trunkHostForbidden':
    '{{host}} không thể là máy chủ của trunk: đây là địa chỉ link-local hoặc địa chỉ metadata của đám mây, không bao giờ là máy chủ SIP của nhà mạng. Vui lòng nhập địa chỉ mà nhà mạng đã cung cấp.',
} satisfies ErrorMessages;
