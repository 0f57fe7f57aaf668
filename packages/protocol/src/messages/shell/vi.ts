import type { ShellMessages } from './en.js';

export default {
  'shell.hello': 'Xin chào',
  'shell.helloName': 'Xin chào, {{name}}',
  'shell.language': 'Ngôn ngữ',
  'shell.mainNav': 'Điều hướng chính',
  'shell.nav.doc': 'Tài liệu',
  'shell.nav.cms': 'CMS',
  'shell.nav.demo': 'Demo softphone',
  'shell.nav.diagnose': 'Chẩn đoán',
  'shell.loading': 'Đang tải…',
  'shell.chunkLoadError': 'Không thể tải một phần của trang này. Vui lòng kiểm tra kết nối rồi tải lại trang.',
  'shell.renderError': 'Đã xảy ra lỗi trên trang này. Tải lại trang thường sẽ khắc phục được.',
  'shell.reload': 'Tải lại',

  'shell.common.edit': 'Sửa',
  'shell.common.delete': 'Xóa',
  'shell.common.save': 'Lưu',
  'shell.common.cancel': 'Hủy',
  'shell.common.ok': 'OK',
  'shell.common.refresh': 'Làm mới',
  'shell.common.confirmDelete': 'Bạn có chắc chắn muốn xóa không?',
  'shell.common.confirmSwitch': 'Bạn có chắc chắn muốn chuyển không?',
  'shell.common.formInvalid': 'Dữ liệu trong biểu mẫu không hợp lệ!',
  'shell.common.networkError': 'Không thể kết nối tới máy chủ. Vui lòng kiểm tra kết nối mạng và thử lại.',
  'shell.common.copied': 'Đã sao chép',
  'shell.common.copyFailed': 'Không thể sao chép: trình duyệt không cho phép truy cập bộ nhớ tạm.',
} satisfies ShellMessages;
