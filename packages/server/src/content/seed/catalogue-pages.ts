/**
 * The softphone reference pages (init parameters, methods, events), generated from the softphone
 * catalogue and its `softphone` dictionary when the documentation is seeded, so the reference
 * says what the SDK checks and the engine answers. Only the framing prose is written here.
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
const errorName = (error: 'invalidParams' | 'forbidden' | 'unknownMethod', lang: PageLang): string =>
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
    where: { phone: '软电话内', engine: '服务端' },
    raisedBy: { phone: '软电话', engine: '服务端' },
    supervisorsOnly: '，仅班长可用',
    param: ['参数', '类型', '必传', '默认值', '说明'],
    method: ['方法', '运行位置', '参数', '说明'],
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
    where: { phone: 'in the phone', engine: 'on the server' },
    raisedBy: { phone: 'the phone', engine: 'the server' },
    supervisorsOnly: ', supervisors only',
    param: ['Parameter', 'Type', 'Required', 'Default', 'Description'],
    method: ['Method', 'Runs', 'Parameters', 'Description'],
    event: ['Event', 'Raised by', 'Payload', 'Description'],
    field: ['Field', 'Type', 'Description'],
    separator: ', ',
  },
} as const;

/** The type cell: the type, then its allowed values, longest length and whether it may be null. */
function typeOf(param: ParamDefinition, lang: PageLang): string {
  const labels = LABELS[lang];
  let text = name(param.type);
  if (param.values) text += labels.oneOf(param.values.map(code).join(labels.separator));
  if (param.max !== undefined) text += labels.max(param.max);
  if (param.nullable) text += labels.orNull;
  return text;
}

function paramRows(params: readonly ParamDefinition[], lang: PageLang): string[][] {
  const labels = LABELS[lang];
  return params.map((param) => [
    name(param.name),
    typeOf(param, lang),
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

const METHODS_TEXT = {
  'zh-CN': {
    title: '方法',
    intro: () => [
      '软电话实例（`Softphone.init` 的返回值）为下表每个方法提供一个同名函数：`phone.<方法>(params)` 接收一个参数对象（没有参数的方法可以不传），返回 Promise。成功时 resolve 为应答的数据（`data`）；失败时 reject 一个对象 `{ code, message, data }`，`code` 见《错误码》，`message` 为软电话界面语言的说明。',
      '',
      `- “运行位置”为软电话内的方法（${phoneMethods().join('、')}）由软电话自己完成，不会发到服务端；其余方法通过软电话的长连接发到呼叫中心服务端，由服务端应答。`,
      '- 软电话加载完成前调用的方法会等待加载完成后再执行。',
      `- 参数按下文的参数表检查：不合格时 reject ${errorName('invalidParams', 'zh-CN')}，\`data.issues\` 逐个列出 \`{ param, reason }\`；未知的方法为 ${errorName('unknownMethod', 'zh-CN')}；非班长调用仅班长可用的方法为 ${errorName('forbidden', 'zh-CN')}。`,
      '- 方法只负责发起操作，结果以事件为准：例如 `dialOut` resolve 表示呼叫已发起，对方是否接听请看 `callStatusChange` 事件。',
      '',
      '```js',
      'try {',
      "  await phone.setAgentStatus({ status: 'idle' }); // 空闲：开始接听来电",
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
    heading: '## 方法总表',
    paramsHeading: '## 参数',
    paramsIntro: '参数名后带 `?` 的为可选参数。各方法的参数如下：',
  },
  en: {
    title: 'Methods',
    intro: () => [
      "The softphone instance (what `Softphone.init` returns) has a function for each method below: `phone.<method>(params)` takes one object of parameters (none for a method without any) and returns a Promise. It resolves with the answer's data (`data`) and rejects with an object `{ code, message, data }`: `code` is listed in 'Error codes', `message` is in the phone's interface language.",
      '',
      `- Methods that run in the phone (${phoneMethods().join(', ')}) are done by the phone itself and never reach the server; the others travel over the phone's long connection to the call-centre server, which answers them.`,
      '- Methods called before the phone has loaded wait until it has.',
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
    heading: '## All methods',
    paramsHeading: '## Parameters',
    paramsIntro: 'A parameter name followed by `?` is optional. The parameters of each method:',
  },
} as const;

/** The methods page in one language. */
export function methodsPage(lang: PageLang): GeneratedPage {
  const text = METHODS_TEXT[lang];
  const labels = LABELS[lang];
  const overview = methods.map((method) => [
    name(method.name),
    methodRuns(method, lang),
    paramList(method.params, lang),
    softphoneText(method.description, lang),
  ]);
  const sections = methods
    .filter((method) => method.params.length > 0)
    .flatMap((method) => [`### ${method.name}`, '', ...table(labels.param, paramRows(method.params, lang)), '']);
  const markdown = [
    ...text.intro(),
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
  ];
  return { title: text.title, markdown: markdown.join('\n').trimEnd() };
}

// ---------------------------------------------------------------------------------------------
// Events

const eventNameList = (): string[] => {
  // Three names a line, as a person would format the array.
  const quoted = events.map((e) => `'${e.name}'`);
  const lines: string[] = [];
  for (let i = 0; i < quoted.length; i += 3) lines.push(`  ${quoted.slice(i, i + 3).join(', ')},`);
  return lines;
};

const EVENTS_TEXT = {
  'zh-CN': {
    title: '事件',
    intro: () => [
      '软电话通过事件把坐席和通话的变化通知你的页面。用 `phone.on(事件名, 处理函数)` 订阅，用 `phone.off(事件名, 处理函数)` 取消订阅。处理函数收到一个对象，即事件负载，字段见下文。',
      '',
      `服务端发出的事件在会话内按顺序编号并保留。连接短暂中断（网络切换、电脑休眠）并在 ${GRACE_SECONDS} 秒内恢复时，软电话会恢复原会话：按顺序补发错过的事件，然后发出 \`interruptionCancelled\`；坐席状态和通话都保持原样，无需任何操作。超过这个时间仍未恢复，坐席会被签出，通话结束。`,
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
      'const eventNames = [',
      ...eventNameList(),
      '];',
      'for (const name of eventNames) phone.on(name, (payload) => console.log(name, payload));',
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
      '```',
    ],
  },
  en: {
    title: 'Events',
    intro: () => [
      'The softphone tells your page about changes to the agent and the calls through events. Subscribe with `phone.on(event, handler)` and unsubscribe with `phone.off(event, handler)`. The handler receives one object, the event payload, whose fields are listed below.',
      '',
      `The events the server raises are numbered and kept within the session. When the connection drops for a moment (a network change, a computer waking from sleep) and comes back within ${GRACE_SECONDS} seconds, the phone resumes its session: it receives every event it missed, in order, then \`interruptionCancelled\`; the agent status and the calls are as they were, and nothing needs doing. If it does not come back in that time, the agent is checked out and their calls end.`,
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
      'const eventNames = [',
      ...eventNameList(),
      '];',
      'for (const name of eventNames) phone.on(name, (payload) => console.log(name, payload));',
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
