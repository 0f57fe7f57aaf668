import type { ShellMessages } from './en.js';

export default {
  'shell.hello': 'สวัสดี',
  'shell.helloName': 'สวัสดี {{name}}',
  'shell.language': 'ภาษา',
  'shell.mainNav': 'เมนูนำทางหลัก',
  'shell.nav.doc': 'เอกสาร',
  'shell.nav.cms': 'CMS',
  'shell.nav.demo': 'เดโมซอฟต์โฟน',
  'shell.nav.diagnose': 'การวินิจฉัย',
  'shell.loading': 'กำลังโหลด…',
  'shell.chunkLoadError': 'โหลดบางส่วนของหน้านี้ไม่สำเร็จ กรุณาตรวจสอบการเชื่อมต่อ แล้วโหลดหน้าใหม่',
  'shell.renderError': 'เกิดข้อผิดพลาดในหน้านี้ โดยปกติการโหลดหน้าใหม่จะช่วยแก้ปัญหาได้',
  'shell.reload': 'โหลดใหม่',

  'shell.common.edit': 'แก้ไข',
  'shell.common.delete': 'ลบ',
  'shell.common.save': 'บันทึก',
  'shell.common.cancel': 'ยกเลิก',
  'shell.common.ok': 'ตกลง',
  'shell.common.refresh': 'รีเฟรช',
  'shell.common.confirmDelete': 'ยืนยันการลบใช่หรือไม่?',
  'shell.common.confirmSwitch': 'ยืนยันการสลับใช่หรือไม่?',
  'shell.common.formInvalid': 'ข้อมูลในแบบฟอร์มไม่ผ่านการตรวจสอบ',
  'shell.common.networkError': 'ไม่สามารถเชื่อมต่อเซิร์ฟเวอร์ได้ กรุณาตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง',
  'shell.common.copied': 'คัดลอกแล้ว',
  'shell.common.copyFailed': 'คัดลอกไม่สำเร็จ เบราว์เซอร์ไม่อนุญาตให้เข้าถึงคลิปบอร์ด',
} satisfies ShellMessages;
