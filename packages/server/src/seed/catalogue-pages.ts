/**
 * The softphone reference pages (init parameters, methods, events), generated from the softphone
 * catalogue, its shapes and its `softphone` dictionary when the documentation is seeded, so the
 * reference says what the SDK checks, what the engine answers and what softphone.d.ts declares.
 * Only the framing prose is written here.
 */
import { ctiTimings } from '@open/protocol/cti/protocol';
import { errorCatalogue } from '@open/protocol/errors';
import { locales } from '@open/protocol/locales';
import { dictionaries } from '@open/protocol/messages/index';
import {
  events,
  initParams,
  methods,
  type EventDefinition,
  type MethodDefinition,
  type ParamDefinition,
} from '@open/protocol/softphone/catalogue';
import { shapeNames, shapes, type ShapeField, type ShapeName } from '@open/protocol/softphone/shapes';
import { CLIENT_BASE } from '@open/protocol/paths';

/** The languages the generated pages are written in. */
export type PageLang = 'zh-CN' | 'en';
export const pageLangs: readonly PageLang[] = ['zh-CN', 'en'];

export interface GeneratedPage {
  title: string;
  markdown: string;
}

/** A Markdown table cell: `|` escaped, on one line. */
export function cell(text: string): string {
  return text.replaceAll('|', '\\|').replace(/\s*\n\s*/g, ' ');
}

/** A catalogue description in one language; a key without a message is a bug, found at seed time. */
export function softphoneText(key: `softphone.${string}`, lang: PageLang): string {
  const messages: Readonly<Record<string, string>> = dictionaries.softphone[lang];
  const text = Object.hasOwn(messages, key) ? messages[key] : undefined;
  if (text === undefined) throw new Error(`seed: the softphone catalogue names ${key}, which has no ${lang} message`);
  return text;
}

const code = (value: string | number | boolean): string => `\`${typeof value === 'string' ? `"${value}"` : value}\``;
const name = (value: string): string => `\`${value}\``;
const row = (cells: readonly string[]): string => `| ${cells.map(cell).join(' | ')} |`;
const table = (head: readonly string[], rows: readonly (readonly string[])[]): string[] => [
  row(head),
  `|${head.map(() => '---|').join('')}`,
  ...rows.map(row),
];

/** How long a dropped session waits to be resumed, in seconds. */
const GRACE_SECONDS = ctiTimings.graceMs / 1000;
/** The longest wait between two reconnect attempts, in seconds. */
const RECONNECT_MAX_SECONDS = ctiTimings.reconnectMaxMs / 1000;
/** An error of the phone's lifecycle as the pages write it: its name and code. */
const lifecycleError = (
  error: 'phoneNotReady' | 'connectionDown' | 'sessionEnded' | 'engineTimeout',
  lang: PageLang,
) => (lang === 'en' ? `\`${error}\` (${errorCatalogue[error].code})` : `\`${error}\`（${errorCatalogue[error].code}）`);
const errorName = (error: 'invalidParams' | 'forbidden' | 'unknownMethod' | 'socketMissing', lang: PageLang): string =>
  lang === 'en' ? `\`${error}\` (${errorCatalogue[error].code})` : `\`${error}\`（${errorCatalogue[error].code}）`;

/** The labels of the tables, per language. */
const LABELS = {
  'zh-CN': {
    yes: '是',
    no: '否',
    none: '无',
    max: (n: number) => `，最长 ${n} 个字符`,
    oneOf: (values: string) => `，取值：${values}`,
    orNull: '，可为 `null`',
    range: (min: number | undefined, max: number | undefined) => `，取值 ${min ?? '…'} 至 ${max ?? '…'}`,
    listOf: (text: string) => `${text} 数组`,
    texts: '，键和值都是字符串',
    optional: '，可省略',
    where: { phone: '软电话内', engine: '服务端' },
    raisedBy: { phone: '软电话', engine: '服务端' },
    supervisorsOnly: '，仅班长可用',
    param: ['参数', '类型', '必传', '默认值', '说明'],
    method: ['方法', '运行位置', '参数', '返回值', '说明'],
    event: ['事件', '触发方', '负载字段', '说明'],
    field: ['字段', '类型', '说明'],
    separator: '、',
  },
  en: {
    yes: 'yes',
    no: 'no',
    none: '—',
    max: (n: number) => `, at most ${n} characters`,
    oneOf: (values: string) => `, one of ${values}`,
    orNull: ', or `null`',
    range: (min: number | undefined, max: number | undefined) => `, from ${min ?? '…'} to ${max ?? '…'}`,
    listOf: (text: string) => `list of ${text}`,
    texts: ', text values by text key',
    optional: ', may be absent',
    where: { phone: 'in the phone', engine: 'on the server' },
    raisedBy: { phone: 'the phone', engine: 'the server' },
    supervisorsOnly: ', supervisors only',
    param: ['Parameter', 'Type', 'Required', 'Default', 'Description'],
    method: ['Method', 'Runs', 'Parameters', 'Result', 'Description'],
    event: ['Event', 'Raised by', 'Payload', 'Description'],
    field: ['Field', 'Type', 'Description'],
    separator: ', ',
  },
} as const;

/** An object's name, as a link to its section under Objects when that is on the same page. */
const shapeName = (shape: ShapeName, linked: boolean): string =>
  linked ? `[${name(shape)}](#${shape.toLowerCase()})` : name(shape);

/**
 * The type cell: the type (an object by its shape's name), its allowed values, whether it is a
 * list, its longest length, and whether it may be null or absent.
 */
function typeOf(
  typed: Pick<ParamDefinition, 'type' | 'values' | 'max' | 'min' | 'nullable' | 'shape'> & Partial<ShapeField>,
  lang: PageLang,
  linked = false,
): string {
  const labels = LABELS[lang];
  let text = typed.shape === undefined ? name(typed.type) : shapeName(typed.shape, linked);
  if (typed.values) text += labels.oneOf(typed.values.map(code).join(labels.separator));
  if (typed.type === 'record') text += labels.texts;
  if (typed.list) text = labels.listOf(text);
  if (typed.type === 'string' && typed.max !== undefined) text += labels.max(typed.max);
  if (typed.type === 'number' && (typed.min !== undefined || typed.max !== undefined))
    text += labels.range(typed.min, typed.max);
  if (typed.nullable) text += labels.orNull;
  if (typed.optional) text += labels.optional;
  return text;
}

function paramRows(params: readonly ParamDefinition[], lang: PageLang, linked = false): string[][] {
  const labels = LABELS[lang];
  return params.map((param) => [
    name(param.name),
    typeOf(param, lang, linked),
    param.required ? labels.yes : labels.no,
    param.default === undefined ? labels.none : code(param.default),
    softphoneText(param.description, lang),
  ]);
}

const paramList = (params: readonly ParamDefinition[], lang: PageLang): string =>
  params.length === 0
    ? LABELS[lang].none
    : params.map((p) => name(p.required ? p.name : `${p.name}?`)).join(LABELS[lang].separator);

/** Where a method runs, and who may call it when not every agent may. */
const methodRuns = (method: MethodDefinition, lang: PageLang): string =>
  LABELS[lang].where[method.target] + (method.role === 'supervisor' ? LABELS[lang].supervisorsOnly : '');

const languageList = (separator: string): string => locales.map((l) => name(l.code)).join(separator);
const rightToLeft = locales.filter((l) => l.dir === 'rtl').map((l) => name(l.code));

// ---------------------------------------------------------------------------------------------
// Init parameters

const INIT_TEXT = {
  'zh-CN': {
    title: '初始化参数',
    intro: [
      "`Softphone.init(params)` 接收一个对象：`container`（软电话 iframe 挂载的容器，CSS 选择器如 `'#softphone'` 或 DOM 元素，属于 SDK 自身的挂载选项，不会传给软电话）以及下表的参数。SDK 按下表检查参数：缺少必传参数、类型不对、取值不在允许范围内或超长、以及未知参数都会被拒绝，并指出是哪个参数。演示页（Icall Experience Demo）“配置参数”区域的表单由同一份定义生成，可以在那里逐项试验。",
      '',
      '```js',
      'const phone = Softphone.init({',
      "  container: '#softphone',",
      "  serverUrl: 'https://cc.example.com',",
      '  token, // 由你的后端获取的新登录令牌',
      '  dialPad: false,',
      '});',
      '```',
    ],
    heading: '## 参数总表',
    details: () => [
      '## serverUrl',
      '',
      '只写协议、域名和端口，例如 `https://cc.example.com`。软电话页面、脚本、界面语言包和长连接都从这个地址加载，所以它必须是提供 `softphone.js` 的那台平台服务器。',
      '',
      '::: warning',
      '页面是 `https://` 时，serverUrl 也必须是 `https://`，否则浏览器会阻止混合内容，长连接也无法建立。',
      ':::',
      '',
      '## token',
      '',
      '坐席的登录令牌，由平台的 Basic 服务签发（账号密码登录或 SSO 单点登录，见《登录与 SSO 指南》）。一个令牌只能打开一次会话，有效期很短：每次 `init` 前向你的后端获取新的令牌，不要缓存。认证被拒绝时软电话发出 `loginAuthFailed` 事件。',
      '',
      '## lang',
      '',
      `取值为平台支持的 ${locales.length} 种界面语言代码之一：${languageList('、')}。不传时使用租户的默认语言，租户没有设置时为简体中文。${rightToLeft.join('、')} 界面从右向左排版。`,
      '',
      '## 常用组合',
      '',
      ...table(
        ['场景', '参数'],
        [
          ['完整软电话', '只传 `serverUrl`、`token`'],
          ['CRM 点击外呼，不要拨号盘', '`dialPad: false`'],
          ['坐席状态由你的页面展示', '`statusBar: false`'],
          ['平时隐藏，来电时显示', '`visible: false`，配合 `setPhoneVisible` 方法'],
          ['窄侧栏', '`mini: true`'],
          ['同事之间视频通话', '`volteVideo: true`（内部呼叫默认开启）'],
        ],
      ),
      '',
      '`mini`、`assistantRobot` 和 `volteVideo` 自 v2.0 起提供。',
    ],
  },
  en: {
    title: 'Init parameters',
    intro: [
      "`Softphone.init(params)` takes one object: `container` (where the phone's iframe is mounted, a CSS selector such as `'#softphone'` or a DOM element; an option of the SDK itself, not passed to the phone) and the parameters below. The SDK checks them against this table: a missing required parameter, a wrong type, a value not allowed or too long, and an unknown parameter are refused, naming the parameter. The configuration form of the demo page (Icall Experience Demo) is built from the same definitions; try each parameter there.",
      '',
      '```js',
      'const phone = Softphone.init({',
      "  container: '#softphone',",
      "  serverUrl: 'https://cc.example.com',",
      '  token, // a fresh login token from your back end',
      '  dialPad: false,',
      '});',
      '```',
    ],
    heading: '## All parameters',
    details: () => [
      '## serverUrl',
      '',
      'Scheme, host and port only, for example `https://cc.example.com`. The phone’s page, scripts, language files and long connection all load from it, so it must be the platform server that served `softphone.js`.',
      '',
      '::: warning',
      'When your page is `https://`, serverUrl must be `https://` too: browsers block mixed content, and the long connection cannot be opened.',
      ':::',
      '',
      '## token',
      '',
      "The agent's login token, issued by the platform's Basic service (account and password, or SSO single sign-on; see 'Login and SSO guide'). A token opens one session and is short-lived: get a fresh one from your back end for every `init` and do not cache it. When it is refused, the phone raises the `loginAuthFailed` event.",
      '',
      '## lang',
      '',
      `One of the platform's ${locales.length} interface language codes: ${languageList(', ')}. Without it, the tenant's default language is used, or Simplified Chinese when the tenant has none. ${rightToLeft.join(', ')} is laid out right to left.`,
      '',
      '## Common combinations',
      '',
      ...table(
        ['Use', 'Parameters'],
        [
          ['the full phone', 'only `serverUrl` and `token`'],
          ['click-to-call from a CRM, no dial pad', '`dialPad: false`'],
          ['your page shows the agent status', '`statusBar: false`'],
          ['hidden, shown when a call rings', '`visible: false` with the `setPhoneVisible` method'],
          ['a narrow sidebar', '`mini: true`'],
          ['video calls between colleagues', '`volteVideo: true` (internal calls are on by default)'],
        ],
      ),
      '',
      '`mini`, `assistantRobot` and `volteVideo` arrived with v2.0.',
    ],
  },
} as const;

/** The init-parameters page in one language. */
export function initParamsPage(lang: PageLang): GeneratedPage {
  const text = INIT_TEXT[lang];
  const markdown = [
    ...text.intro,
    '',
    text.heading,
    '',
    ...table(LABELS[lang].param, paramRows(initParams, lang)),
    '',
    ...text.details(),
  ];
  return { title: text.title, markdown: markdown.join('\n') };
}

// ---------------------------------------------------------------------------------------------
// Methods

const phoneMethods = (): string[] => methods.filter((m) => m.target === 'phone').map((m) => name(m.name));

/** The SDK's files, as the server serves them (packages/softphone/src/bridge/messages.ts names the first two). */
const SDK_FILES = {
  script: `${CLIENT_BASE}sdk/softphone.js`,
  module: `${CLIENT_BASE}sdk/softphone.mjs`,
  declarations: `${CLIENT_BASE}sdk/softphone.d.ts`,
} as const;

const METHODS_TEXT = {
  'zh-CN': {
    title: '方法',
    intro: () => [
      '软电话实例（`Softphone.init` 的返回值）为下表每个方法提供一个同名函数：`phone.<方法>(params)` 接收一个参数对象（没有参数的方法可以不传），返回 Promise。成功时 resolve 为方法的返回值（见下表“返回值”一列，其中的对象见下文“对象”）；失败时 reject 一个 `SoftphoneError`：`code` 见《错误码》，`message` 为软电话界面语言的说明，`data` 为详细信息。',
      '',
      `- “运行位置”为软电话内的方法（${phoneMethods().join('、')}）由软电话自己完成，不会发到服务端；其余方法通过软电话的长连接发到呼叫中心服务端，由服务端应答。`,
      `- 软电话加载完成前调用的方法会等待加载完成；\`init\` 之后、软电话登录完成前调用的方法会等待登录完成（最多 20 秒）再执行。登录失败时以失败原因的错误码 reject，20 秒内仍未就绪时为 ${lifecycleError('phoneNotReady', 'zh-CN')}。连接中断期间调用的方法为 ${lifecycleError('connectionDown', 'zh-CN')}；会话结束后（\`sessionEnded\` 或 \`takenOver\` 事件之后）立即为 ${lifecycleError('sessionEnded', 'zh-CN')}；没有及时应答的请求为 ${lifecycleError('engineTimeout', 'zh-CN')}。`,
      `- 参数按下文的参数表检查：不合格时 reject ${errorName('invalidParams', 'zh-CN')}，\`data.issues\` 逐个列出 \`{ param, reason }\`；未知的方法为 ${errorName('unknownMethod', 'zh-CN')}；非班长调用仅班长可用的方法为 ${errorName('forbidden', 'zh-CN')}。`,
      '- 方法只负责发起操作，结果以事件为准：例如 `dialOut` resolve 表示呼叫已发起，对方是否接听请看 `callStatusChange` 事件。',
      '',
      '```js',
      'try {',
      "  await phone.setAgentStatus({ status: 'idle' }); // 示闲：开始接听来电",
      "  const call = await phone.dialOut({ number: '13800138001' });",
      '  // ……通话中……',
      '  await phone.hangUp({ call_id: call.call_id });',
      '} catch (error) {',
      "  console.error('失败', error.code, error.message, error.data);",
      '}',
      '',
      '// 平时隐藏软电话，来电振铃时显示',
      "phone.on('callStatusChange', ({ call_status }) => {",
      "  if (call_status === 'ringing') phone.setPhoneVisible({ visible: true });",
      '});',
      '```',
    ],
    instance: () => [
      '## 软电话实例',
      '',
      ...table(
        ['成员', '说明'],
        [
          [
            '`ready`',
            '软电话签入成功后 resolve 为 `{ agent, tenant }`（`PhoneState`：坐席及其通话；`TenantInfo`：租户，见下文“对象”）；登录失败时 reject 一个 `SoftphoneError`。只监听事件的页面可以不处理它。',
          ],
          ['`phone.<方法>(params)`', '下表每个方法一个函数，返回 Promise。'],
          [
            '`call(method, params)`',
            "按名称调用方法：`phone.call('dialOut', { number })` 等同于 `phone.dialOut({ number })`，适合运行时才确定方法名的代码。",
          ],
          [
            '`on(event, handler)`',
            "订阅事件（见《事件》）。`on('*', handler)` 订阅全部事件，处理函数收到 `{ name, data }`。",
          ],
          ['`off(event, handler)`', '取消订阅；不传处理函数时取消该事件的全部处理函数。'],
          [
            '`destroy()`',
            `移除软电话：iframe 被移除，等待中的方法以 ${errorName('socketMissing', 'zh-CN')} reject，之后可以再次 \`init\`。会话在服务端的宽限期过后结束。`,
          ],
        ],
      ),
      '',
      '### SoftphoneError',
      '',
      '方法和 `ready` 的失败都是 `SoftphoneError`（`Error` 的子类，可用 `instanceof Softphone.SoftphoneError` 判断；ES 模块中从模块导入）：',
      '',
      ...table(
        ['字段', '类型', '说明'],
        [
          ['`name`', '`string`', '`"SoftphoneError"`。'],
          ['`code`', '`number`', '错误码，见《错误码》。'],
          ['`message`', '`string`', '出错原因，使用软电话的界面语言；软电话加载前 SDK 自己做的检查为英文。'],
          [
            '`data`',
            '`object`，可为 `null`',
            '详细信息：参数不合格时 `data.issues` 逐个列出 `{ param, reason }`，`reason` 为 `required`（缺少）、`wrongType`（类型不对）、`notAllowed`（取值不允许）、`tooLong`（过长）、`outOfRange`（超出范围）或 `unknown`（方法没有这个参数）；其他错误可能带有各自的详细信息。',
          ],
        ],
      ),
      '',
      '## TypeScript 与 ES 模块',
      '',
      `除了定义 \`window.Softphone\` 的脚本 \`${SDK_FILES.script}\`，服务器在同一目录下还提供：`,
      '',
      `- \`${SDK_FILES.module}\`：同一个 SDK 的 ES 模块，导出 \`init\` 和 \`SoftphoneError\`，可以用 \`import\` 从平台服务器加载（允许跨域）。`,
      `- \`${SDK_FILES.declarations}\`：SDK 的 TypeScript 类型声明，与本页由同一份目录生成：每个方法的参数和返回值、每个事件的负载、下文的每个对象都有类型，事件名、方法名、参数写错或字段用错时编辑器和 \`tsc\` 会报错。下载到项目中（例如与使用它的文件放在一起）即可使用；用脚本标签加载时，它也为 \`window.Softphone\` 提供类型。`,
      '',
      '```ts',
      '// softphone.d.ts 已下载到本文件旁边',
      "import type * as Sdk from './softphone.js';",
      '',
      `const { init } = (await import('https://cc.example.com${SDK_FILES.module}')) as typeof Sdk;`,
      "const phone = init({ container: '#softphone', serverUrl: 'https://cc.example.com', token });",
      "phone.on('callStatusChange', ({ call_id, call_status }) => console.log(call_id, call_status));",
      "const call = await phone.dialOut({ number: '13800138001' }); // call 的类型为 Call",
      '```',
    ],
    heading: '## 方法总表',
    paramsHeading: '## 参数',
    paramsIntro: '参数名后带 `?` 的为可选参数。各方法的参数如下：',
    objectsHeading: '## 对象',
    objectsIntro:
      '方法的返回值和事件负载中的对象。类型为对象的字段写明对象名；“可为 `null`”的字段总会出现，值可能为 `null`；“可省略”的字段可能不出现。',
    extendsShape: (shape: string) => `包含 ${shape} 的全部字段，另有：`,
  },
  en: {
    title: 'Methods',
    intro: () => [
      "The softphone instance (what `Softphone.init` returns) has a function for each method below: `phone.<method>(params)` takes one object of parameters (none for a method without any) and returns a Promise. It resolves with the method's result (the Result column below; its objects are described under Objects) and rejects with a `SoftphoneError`: `code` is listed in 'Error codes', `message` is in the phone's interface language, and `data` holds details.",
      '',
      `- Methods that run in the phone (${phoneMethods().join(', ')}) are done by the phone itself and never reach the server; the others travel over the phone's long connection to the call-centre server, which answers them.`,
      `- Methods called before the phone has loaded wait until it has; methods called after \`init\` but before the phone has signed in wait for the sign-in (up to 20 seconds), then run. If the sign-in fails they reject with its error, and with ${lifecycleError('phoneNotReady', 'en')} if it takes longer. While the connection is down a method rejects with ${lifecycleError('connectionDown', 'en')}; once the session has ended (after the \`sessionEnded\` or \`takenOver\` event), at once with ${lifecycleError('sessionEnded', 'en')}; a request that gets no answer in time, with ${lifecycleError('engineTimeout', 'en')}.`,
      `- Parameters are checked against the tables below: a bad one rejects with ${errorName('invalidParams', 'en')} and \`data.issues\` lists each \`{ param, reason }\`; an unknown method is ${errorName('unknownMethod', 'en')}; a supervisors-only method called by another agent is ${errorName('forbidden', 'en')}.`,
      '- A method starts an operation; its outcome arrives as events. For example, `dialOut` resolving means the call was placed; whether the other party answers is told by the `callStatusChange` event.',
      '',
      '```js',
      'try {',
      "  await phone.setAgentStatus({ status: 'idle' }); // ready: start receiving calls",
      "  const call = await phone.dialOut({ number: '13800138001' });",
      '  // ... talking ...',
      '  await phone.hangUp({ call_id: call.call_id });',
      '} catch (error) {',
      "  console.error('failed', error.code, error.message, error.data);",
      '}',
      '',
      '// keep the phone hidden, show it when a call rings',
      "phone.on('callStatusChange', ({ call_status }) => {",
      "  if (call_status === 'ringing') phone.setPhoneVisible({ visible: true });",
      '});',
      '```',
    ],
    instance: () => [
      '## The softphone instance',
      '',
      ...table(
        ['Member', 'Description'],
        [
          [
            '`ready`',
            'A Promise that resolves with `{ agent, tenant }` (a `PhoneState`, the agent with their calls, and a `TenantInfo`; see Objects) once the phone has signed in, and rejects with a `SoftphoneError` when its login fails. A page that only listens to events need not handle it.',
          ],
          ['`phone.<method>(params)`', 'One function for each method below, returning a Promise.'],
          [
            '`call(method, params)`',
            "Runs a method by its name: `phone.call('dialOut', { number })` is `phone.dialOut({ number })`. For code that picks the method at run time.",
          ],
          [
            '`on(event, handler)`',
            "Listens to an event (see 'Events'). `on('*', handler)` listens to every event; the handler receives `{ name, data }`.",
          ],
          [
            '`off(event, handler)`',
            'Stops the handler listening; without a handler, stops every handler of the event.',
          ],
          [
            '`destroy()`',
            `Removes the phone: its iframe goes, methods still waiting reject with ${errorName('socketMissing', 'en')}, and \`init\` may be called again. The session ends when the server's grace period has passed.`,
          ],
        ],
      ),
      '',
      '### SoftphoneError',
      '',
      'Methods and `ready` fail with a `SoftphoneError`, a subclass of `Error` (check it with `instanceof Softphone.SoftphoneError`, or import it from the ES module):',
      '',
      ...table(
        ['Field', 'Type', 'Description'],
        [
          ['`name`', '`string`', '`"SoftphoneError"`.'],
          ['`code`', '`number`', "The error's code, listed in 'Error codes'."],
          [
            '`message`',
            '`string`',
            "What went wrong, in the phone's interface language; the checks the SDK makes itself, before the phone has loaded, say it in English.",
          ],
          [
            '`data`',
            '`object`, or `null`',
            'Details: for refused parameters, `data.issues` lists each as `{ param, reason }`, the reason being `required` (missing), `wrongType`, `notAllowed` (a value not allowed), `tooLong`, `outOfRange` or `unknown` (not a parameter of the method); other errors may carry details of their own.',
          ],
        ],
      ),
      '',
      '## TypeScript and ES modules',
      '',
      `Beside the script \`${SDK_FILES.script}\`, which defines \`window.Softphone\`, the server serves:`,
      '',
      `- \`${SDK_FILES.module}\`: the same SDK as an ES module, exporting \`init\` and \`SoftphoneError\`, which any page may \`import\` from the platform server (it is served to other origins).`,
      `- \`${SDK_FILES.declarations}\`: the SDK's TypeScript declarations, generated from the same catalogue as this page: every method's parameters and result, every event's payload and every object below are typed, so a wrong event name, method, parameter or field is an error in the editor and in \`tsc\`. Download it into your project (next to the file that uses it, for example); with the script tag, it types \`window.Softphone\` as well.`,
      '',
      '```ts',
      '// softphone.d.ts downloaded next to this file',
      "import type * as Sdk from './softphone.js';",
      '',
      `const { init } = (await import('https://cc.example.com${SDK_FILES.module}')) as typeof Sdk;`,
      "const phone = init({ container: '#softphone', serverUrl: 'https://cc.example.com', token });",
      "phone.on('callStatusChange', ({ call_id, call_status }) => console.log(call_id, call_status));",
      "const call = await phone.dialOut({ number: '13800138001' }); // call is a Call",
      '```',
    ],
    heading: '## All methods',
    paramsHeading: '## Parameters',
    paramsIntro: 'A parameter name followed by `?` is optional. The parameters of each method:',
    objectsHeading: '## Objects',
    objectsIntro:
      "The objects in methods' results and in events' payloads. A field holding an object names it; a field that may be `null` is always there, possibly `null`; a field that may be absent can be left out.",
    extendsShape: (shape: string) => `Every field of ${shape}, and:`,
  },
} as const;

const shapeRows = (fields: readonly ShapeField[], lang: PageLang): string[][] =>
  fields.map((field) => [name(field.name), typeOf(field, lang, true), softphoneText(field.description, lang)]);

/** One object's section: what it is, then its fields (after those of the object it extends). */
function shapeSection(shape: ShapeName, lang: PageLang): string[] {
  const { description, extends: base, fields } = shapes[shape];
  const labels = LABELS[lang];
  return [
    `### ${shape}`,
    '',
    softphoneText(description, lang),
    '',
    ...(base === undefined ? [] : [METHODS_TEXT[lang].extendsShape(shapeName(base, true)), '']),
    ...(fields.length === 0 ? [] : [...table(labels.field, shapeRows(fields, lang)), '']),
  ];
}

/** The methods page in one language. */
export function methodsPage(lang: PageLang): GeneratedPage {
  const text = METHODS_TEXT[lang];
  const labels = LABELS[lang];
  const overview = methods.map((method) => [
    name(method.name),
    methodRuns(method, lang),
    paramList(method.params, lang),
    shapeName(method.result, true),
    softphoneText(method.description, lang),
  ]);
  const sections = methods
    .filter((method) => method.params.length > 0)
    .flatMap((method) => [`### ${method.name}`, '', ...table(labels.param, paramRows(method.params, lang, true)), '']);
  const markdown = [
    ...text.intro(),
    '',
    ...text.instance(),
    '',
    text.heading,
    '',
    ...table(labels.method, overview),
    '',
    text.paramsHeading,
    '',
    text.paramsIntro,
    '',
    ...sections,
    text.objectsHeading,
    '',
    text.objectsIntro,
    '',
    ...shapeNames.flatMap((shape) => shapeSection(shape, lang)),
  ];
  return { title: text.title, markdown: markdown.join('\n').trimEnd() };
}

// ---------------------------------------------------------------------------------------------
// Events

const EVENTS_TEXT = {
  'zh-CN': {
    title: '事件',
    intro: () => [
      "软电话通过事件把坐席和通话的变化通知你的页面。用 `phone.on(事件名, 处理函数)` 订阅，用 `phone.off(事件名, 处理函数)` 取消订阅；`phone.on('*', 处理函数)` 订阅全部事件，处理函数收到 `{ name, data }`。处理函数收到一个对象，即事件负载，字段见下文；类型为对象的字段写明对象名（如 `Call`），对象的字段见《方法》一页的“对象”。使用 TypeScript 时，SDK 的类型声明 `softphone.d.ts`（见《方法》）为每个事件的负载提供类型。",
      '',
      `服务端发出的事件在会话内按顺序编号并保留。连接短暂中断（网络切换、电脑休眠）并在 ${GRACE_SECONDS} 秒内（默认值，运营方可调整）恢复时，软电话会恢复原会话：按顺序补发错过的事件，然后发出 \`interruptionCancelled\`；坐席状态和通话都保持原样，无需任何操作。超过这个时间仍未恢复，坐席会被签出，通话结束。`,
      '',
      `软电话还会用自己的事件告诉你的页面它所处的状态：连接断开时发出 \`connectionLost\`，每次重连前发出 \`reconnecting\`（间隔最长 ${RECONNECT_MAX_SECONDS} 秒，浏览器恢复联网或页面重新显示时立即重连），会话恢复时发出 \`connectionRestored\`，随后是补发的事件和 \`interruptionCancelled\`。会话无法恢复时，每个仍在进行的通话先收到 \`callStatusChange\`（\`ended\`），然后 \`sessionEnded\` 说明原因，接着是 \`loginAuthFailed\`：向你的服务端获取新令牌并重新初始化软电话。\`takenOver\` 表示坐席已在另一个标签页或设备上登录，\`takenBack\` 表示本软电话已重新接管。`,
      '',
      '一通电话由 `callTypeChange` 通知，随后是 `callStatusChange` 和 `callDataChange`，之后的每次变化都重复这两个事件。挂断前先有 `aboutToHangUp`；接通过的通话结束后坐席进入话后处理（`agentStatusChange`，状态为 `acw`），话后处理结束时发出 `afterCallWorkEnded`。',
    ],
    heading: '## 事件总表',
    payloadHeading: '## 事件负载',
    payloadIntro: '没有列出的事件没有负载字段。',
    debug: () => [
      '## 调试：订阅全部事件',
      '',
      '```js',
      "phone.on('*', ({ name, data }) => console.log(name, data));",
      '```',
      '',
      '## 取消订阅',
      '',
      '```js',
      'function onStatus(payload) {',
      '  console.log(payload.status);',
      '}',
      "phone.on('agentStatusChange', onStatus);",
      "phone.off('agentStatusChange', onStatus);",
      "phone.off('*'); // 取消 '*' 的全部处理函数",
      '```',
    ],
  },
  en: {
    title: 'Events',
    intro: () => [
      "The softphone tells your page about changes to the agent and the calls through events. Subscribe with `phone.on(event, handler)` and unsubscribe with `phone.off(event, handler)`; `phone.on('*', handler)` subscribes to every event, the handler receiving `{ name, data }`. The handler receives one object, the event payload, whose fields are listed below; a field holding an object names it (such as `Call`), and the object's fields are under Objects on the 'Methods' page. In TypeScript, the SDK's declarations `softphone.d.ts` (see 'Methods') type each event's payload.",
      '',
      `The events the server raises are numbered and kept within the session. When the connection drops for a moment (a network change, a computer waking from sleep) and comes back within ${GRACE_SECONDS} seconds (the default; the operator may set another), the phone resumes its session: it receives every event it missed, in order, then \`interruptionCancelled\`; the agent status and the calls are as they were, and nothing needs doing. If it does not come back in that time, the agent is checked out and their calls end.`,
      '',
      `The phone also tells your page where it stands, with events of its own: \`connectionLost\` when the connection drops, \`reconnecting\` before each attempt (at most ${RECONNECT_MAX_SECONDS} seconds apart, at once when the browser is back online or the page is shown again), and \`connectionRestored\` when the session has resumed, followed by the missed events and \`interruptionCancelled\`. When the session cannot be resumed, each call still in progress gets \`callStatusChange\` with \`ended\`, then \`sessionEnded\` says why, then \`loginAuthFailed\` follows: get a new token from your server and initialise the phone again. \`takenOver\` tells that the agent signed in on another tab or device, \`takenBack\` that this phone took them back.`,
      '',
      'A call is announced by `callTypeChange`, then `callStatusChange` and `callDataChange`; every later change repeats those two. Hanging up is preceded by `aboutToHangUp`; when an answered call ends the agent goes into after-call work (`agentStatusChange` to `acw`), and `afterCallWorkEnded` marks its end.',
    ],
    heading: '## All events',
    payloadHeading: '## Payloads',
    payloadIntro: 'An event not listed here has no payload fields.',
    debug: () => [
      '## Debugging: subscribe to every event',
      '',
      '```js',
      "phone.on('*', ({ name, data }) => console.log(name, data));",
      '```',
      '',
      '## Unsubscribing',
      '',
      '```js',
      'function onStatus(payload) {',
      '  console.log(payload.status);',
      '}',
      "phone.on('agentStatusChange', onStatus);",
      "phone.off('agentStatusChange', onStatus);",
      "phone.off('*'); // every handler of '*'",
      '```',
    ],
  },
} as const;

const fieldRows = (event: EventDefinition, lang: PageLang): string[][] =>
  event.payload.map((field) => [name(field.name), typeOf(field, lang), softphoneText(field.description, lang)]);

/** The events page in one language. */
export function eventsPage(lang: PageLang): GeneratedPage {
  const text = EVENTS_TEXT[lang];
  const labels = LABELS[lang];
  const overview = events.map((event) => [
    name(event.name),
    labels.raisedBy[event.source],
    paramList(event.payload, lang),
    softphoneText(event.description, lang),
  ]);
  const sections = events
    .filter((event) => event.payload.length > 0)
    .flatMap((event) => [`### ${event.name}`, '', ...table(labels.field, fieldRows(event, lang)), '']);
  const markdown = [
    ...text.intro(),
    '',
    text.heading,
    '',
    ...table(labels.event, overview),
    '',
    text.payloadHeading,
    '',
    text.payloadIntro,
    '',
    ...sections,
    ...text.debug(),
  ];
  return { title: text.title, markdown: markdown.join('\n') };
}

// ---------------------------------------------------------------------------------------------

/** The pages a manifest entry may name with `"generated"`. */
export const cataloguePages = {
  'init-params': initParamsPage,
  methods: methodsPage,
  events: eventsPage,
} as const satisfies Record<string, (lang: PageLang) => GeneratedPage>;

export type CataloguePage = keyof typeof cataloguePages;

/** The generated page `page` in `lang`; refuses an unknown page or a language it is not written in. */
export function cataloguePage(page: string, lang: string): GeneratedPage {
  if (!Object.hasOwn(cataloguePages, page)) throw new Error(`seed: no generated page is called ${page}`);
  if (!(pageLangs as readonly string[]).includes(lang)) throw new Error(`seed: the page ${page} has no ${lang} text`);
  return cataloguePages[page as CataloguePage](lang as PageLang);
}
