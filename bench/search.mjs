#!/usr/bin/env node
// @ts-check
// Search speed and quality: 10,000 generated published resources (zh-CN and English, some
// Japanese and Thai) written through the resource service (render + index in a transaction),
// then a fixed query set with exact ground truth (for the two broad words, the top 10 of a BM25
// ranking computed here) run through the service's `list`, the call behind
// doc/get_resource_list, on the embedded PGlite (in this process, as the server runs it) and on
// PostgreSQL (a schema of its own, dropped afterwards). The reference, timed in the same run, is
// the bare single-table query over the same GIN index:
//   select resource_id from resource_locale where search @@ to_tsquery('english', $1) limit 10
// Every case also runs through MiniSearch with VitePress's local-search settings over the same
// pages, in this process: the reference of recall, printed beside ours (runMiniSearch), for the
// classes of issue #23 above all (English words typed with a slip, or typed in part).
// Run: npm run build && npm run bench:search
// BENCH_DOCS, BENCH_REPS, BENCH_DATABASE_URL change the corpus size, the repetitions and the
// database; BENCH_ONLY=pglite|postgres measures one; BENCH_EXPLAIN=1 prints EXPLAIN ANALYZE of
// the SQL the service sends for a few queries (BENCH_EXPLAIN_KEYWORDS=a,b for others); BENCH_DIST
// runs another build of the server's dist folder (to compare before and after a change);
// BENCH_KEEP=name keeps the loaded corpus (PGlite in $TMPDIR/open-bench-search-name, PostgreSQL
// in the schema bench_name) and loads nothing when it is there already, to iterate on a query;
// BENCH_KEYWORDS=a,b runs those queries' cases only.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CompiledQuery, sql } from 'kysely';
import MiniSearch from 'minisearch';
import { PG_URL, root, withPostgresSchema, writeSummary } from './lib.mjs';
import { watchLoad } from './load.mjs';

const DIST = path.resolve(process.env.BENCH_DIST ?? path.join(root, 'packages/server/dist'));
const DOCS = Number(process.env.BENCH_DOCS ?? 10_000);
const REPS = Number(process.env.BENCH_REPS ?? 10);
const WARMUP = 2;
const PAGE = { offset: 0, limit: 20 }; // doc/get_resource_list's default page size
const BATCH = 200;
const ONLY = process.env.BENCH_ONLY;
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
/** Keeps the loaded corpus (a PGlite folder, a PostgreSQL schema) under this name and reuses it next time. */
const KEEP = process.env.BENCH_KEEP;
/** Explains these keywords (comma-separated) instead of the default few. */
const EXPLAIN_KEYWORDS = process.env.BENCH_EXPLAIN_KEYWORDS?.split(',');
/** Runs only these keywords' cases (comma-separated): to iterate on a slow query, not for figures. */
const ONLY_KEYWORDS = process.env.BENCH_KEYWORDS?.split(',');
const SEED = 20261123;
/** The planting for issue #23 draws from a sequence of its own, so the rest of the corpus is unchanged. */
const FORGIVING_SEED = 20261126;

if (!existsSync(path.join(DIST, 'services.js'))) {
  console.error(`${path.relative(root, DIST)} is missing: run npm run build first.`);
  process.exit(1);
}

/**
 * The built server's modules (typed by their sources): the bench drives the real code.
 * @template T
 * @param {string} file
 * @returns {Promise<T>}
 */
const loadBuilt = async (file) => /** @type {T} */ (await import(pathToFileURL(path.join(DIST, file)).href));
/** @type {typeof import('../packages/server/src/db/database.js')} */
const { openDatabase } = await loadBuilt('db/database.js');
/** @type {typeof import('../packages/server/src/db/migrate.js')} */
const { migrateToLatest } = await loadBuilt('db/migrate.js');
/** @type {typeof import('../packages/server/src/seed/seed.js')} */
const { seedIfEmpty } = await loadBuilt('seed/seed.js');
/** @type {typeof import('../packages/server/src/db/read-cache.js')} */
const { createMemoryReadCache, noReadCache } = await loadBuilt('db/read-cache.js');
/** @type {typeof import('../packages/server/src/services.js')} */
const { createServices } = await loadBuilt('services.js');
/** @type {typeof import('../packages/server/src/lifecycle.js')} */
const { createLifecycle } = await loadBuilt('lifecycle.js');
/** @type {typeof import('../packages/server/src/clock.js')} */
const { systemClock } = await loadBuilt('clock.js');
/** @type {typeof import('../packages/server/src/content/search/terms.js')} */
const { parseQuery } = await loadBuilt('content/search/terms.js');

/** @typedef {import('../packages/server/src/db/database.js').Database} Database */
/** @typedef {import('@open/protocol/locales').Lang} Lang */
/** @typedef {{ lang: string, title: string, markdown: string }} Locale */
/**
 * @typedef {object} Doc
 * @property {number} index
 * @property {string} category  key into `categories`
 * @property {('v1' | 'v2')[]} versions
 * @property {1 | 2 | 3} status
 * @property {Locale[]} locales
 */
/**
 * @typedef {object} Query
 * @property {string} cls
 * @property {string} keyword
 * @property {Lang} lang
 * @property {(served: { title: string, text: string }) => boolean} relevant  on lower-cased visible text
 * @property {(text: string) => number} [occurrences]  how often the query word occurs in the
 *   visible text; set for the broad words, whose recall@10 is against the BM25F top 10 (see `bm25`)
 * @property {string} [intended]  what the reader meant to type (the typo and partial-word classes)
 */

// ---------------------------------------------------------------------------------------------
// The corpus: deterministic (seeded PRNG), so every run and both databases search the same text.

/** mulberry32: small, fast, good enough to pick words. */
function prng(/** @type {number} */ seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const corpusSource = prng(SEED);
/** What `random` draws from: the corpus's sequence, or for a while the planting's (see below). */
let source = corpusSource;
const random = () => source();
const int = (/** @type {number} */ n) => Math.floor(random() * n);
/** @template T @param {readonly T[]} list @returns {T} */
const pick = (list) => /** @type {T} */ (list[int(list.length)]);
const pickN = (/** @type {readonly string[]} */ list, /** @type {number} */ n) =>
  Array.from({ length: n }, () => pick(list));

// Filler vocabularies. None holds a planted term below (nor forms one across a word boundary),
// so the ground truth is exact; the relevance check runs over every document anyway.
const zhWords = (
  '呼叫 中心 坐席 队列 录音 报表 接口 配置 号码 外呼 客户 技能组 满意度 通话 电话 电话 网关 中继 路由 分机 排队 振铃 ' +
  '挂断 接听 监听 强插 示忙 示闲 签入 签出 工作台 管理员 权限 角色 部门 企业 账号 密码 登录 参数 字段 回调 事件 推送 ' +
  '订阅 数据 统计 导出 导入 模板 短信 邮件 渠道 在线 客服 机器人 知识库 业务 节点 变量 条件 分支 时间 日期 版本 升级 ' +
  '部署 服务器 集群 证书 域名 端口 防火墙 带宽 延迟 丢包 抖动 编码 音频 视频 浏览器 插件 页面 按钮 通知 黑名单 并发 ' +
  '限流 超时 重试 日志 告警 监控 存储 备份 恢复 计费 套餐 余额 账单 发票 质检 负载均衡 规则 工单 的 和 在 可以 需要 ' +
  '如果 通过 使用 设置 支持 选择 点击 进入 打开 修改 保存 删除 添加 查看'
).split(' ');
const zhTitleWords = (
  '坐席 工作台 队列 录音 管理 外呼 任务 报表 接口 技能组 路由 策略 部署 升级 集成 权限 账号 计费 短信 知识库 机器人 ' +
  '网关 中继 监控 告警 满意度 黑名单 并发 证书 存储'
).split(' ');
const zhTitleEnds = '说明 指南 配置 入门 参考 概述 常见问题 最佳实践'.split(' ');
const zhLatin = 'API SDK token WebSocket SIP JSON HTTP IVR CRM'.split(' ');

const enWords = (
  'the the the a a to to of of in in for and and with on is is can when each every queue queues call calls caller ' +
  'routing route skill group recording report reports dashboard api sdk token tenant admin console setting settings ' +
  'configure number numbers trunk gateway codec audio video browser plugin page button popup notification ' +
  'blacklist concurrency limit timeout retry log alert monitor storage backup restore billing plan balance invoice ' +
  'agent agents agent supervisor customer ticket ivr menu prompt voicemail holiday schedule business hours field ' +
  'parameter event subscribe push data export import template sms email channel chat bot knowledge base workflow ' +
  'node variable condition branch version upgrade deploy server cluster certificate domain port firewall bandwidth ' +
  'latency jitter packet loss'
).split(' ');
const enTitleWords = (
  'queue routing recording report dashboard token tenant console trunk gateway codec browser plugin notification ' +
  'blacklist concurrency billing invoice supervisor ticket IVR voicemail holiday schedule channel chat workflow ' +
  'cluster certificate firewall'
).split(' ');
const enTitleStarts = 'Configuring|Managing|Understanding|Setting up|Troubleshooting|Monitoring|About'.split('|');
const enTitleEnds = 'overview|reference|guide|settings|basics|limits|FAQ'.split('|');

const jaWords = (
  'コールセンター 設定 通話 録音 オペレーター 管理画面 キュー レポート 顧客 番号 発信 着信 ルーティング 権限 ユーザー ' +
  '画面 ボタン 表示 保存 削除 追加 変更 確認 機能 方法 手順 場合 ログ 音声 品質 の を に で は が と します できます'
).split(' ');
const thWords = (
  'การตั้งค่า ศูนย์บริการ ลูกค้า พนักงาน รายงาน ระบบ การบันทึก เสียง คิว และ ของ ใน สำหรับ หน้าจอ ผู้ดูแล สิทธิ์ ' +
  'หมายเลข ปุ่ม บันทึก ลบ เพิ่ม แก้ไข ตรวจสอบ คุณภาพ วิธี ขั้นตอน ข้อมูล เวลา'
).split(' ');

function zhSentence() {
  const parts = pickN(zhWords, 6 + int(10));
  if (random() < 0.3) parts.splice(int(parts.length), 0, ` ${pick(zhLatin)} `);
  return `${parts.join('')}${pick(['。', '，', '；'])}`;
}
const zhParagraph = () => Array.from({ length: 2 + int(4) }, zhSentence).join('');
function enSentence() {
  const text = pickN(enWords, 8 + int(12)).join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
const enParagraph = () => Array.from({ length: 2 + int(4) }, enSentence).join(' ');
const jaParagraph = () => Array.from({ length: 3 + int(4) }, () => `${pickN(jaWords, 6 + int(6)).join('')}。`).join('');
const thParagraph = () => Array.from({ length: 3 + int(4) }, () => pickN(thWords, 5 + int(6)).join('')).join(' ');

/**
 * @param {string} title
 * @param {() => string} heading
 * @param {() => string} paragraph
 * @returns {Locale & { sections: { heading: string, body: string }[] }}
 */
function filler(title, heading, paragraph) {
  const sections = Array.from({ length: 2 + int(4) }, () => ({ heading: heading(), body: paragraph() }));
  return { lang: '', title, markdown: '', sections };
}
/** @param {ReturnType<typeof filler>} draft */
function toMarkdown(draft) {
  let markdown = draft.sections.map((section) => `## ${section.heading}\n\n${section.body}`).join('\n\n');
  if (random() < 0.2) markdown += '\n\n```json\n{ "code": 0, "message": "ok", "data": {} }\n```';
  return markdown;
}

const versionSets = /** @type {const} */ ([['v1'], ['v2'], ['v1', 'v2']]);

/** Categories: four published roots of five children, and a hidden root (status 1). */
const categories = /** @type {{ key: string, parent: string | null, status: 1 | 2, zh: string, en: string }[]} */ ([]);
for (let r = 0; r < 4; r += 1) {
  categories.push({ key: `c${r}`, parent: null, status: 2, zh: `分类${r}`, en: `Category ${r}` });
  for (let c = 0; c < 5; c += 1)
    categories.push({ key: `c${r}.${c}`, parent: `c${r}`, status: 2, zh: `分类${r}.${c}`, en: `Category ${r}.${c}` });
}
categories.push({ key: 'hidden', parent: null, status: 1, zh: '草稿', en: 'Drafts' });
const published = categories.filter((category) => category.status === 2);

/** @type {Doc[]} */
const docs = [];
for (let index = 0; index < DOCS; index += 1) {
  const roll = random();
  // Most documents in both languages; some in one only, so the fallback chain is exercised.
  const langs = roll < 0.8 ? ['zh-CN', 'en'] : roll < 0.9 ? ['zh-CN'] : ['en'];
  if (random() < 0.04) langs.push('ja');
  if (random() < 0.04) langs.push('th');
  docs.push({
    index,
    category: pick(published).key,
    versions: [...pick(versionSets)],
    status: 2,
    locales: langs.map((lang) => ({ lang, title: '', markdown: '' })),
  });
}

/** Drafts of each document's locales, edited by the planting below before becoming Markdown. */
const drafts = docs.map((doc) =>
  doc.locales.map((locale) => {
    switch (locale.lang) {
      case 'zh-CN':
        return filler(
          `${pick(zhTitleWords)}${pick(zhTitleWords)}${pick(zhTitleEnds)}`,
          () =>
            pickN(
              zhWords.filter((word) => word.length > 1),
              2,
            ).join(''),
          zhParagraph,
        );
      case 'en':
        return filler(
          `${pick(enTitleStarts)} ${pick(enTitleWords)} ${pick(enTitleWords)} ${pick(enTitleEnds)}`,
          () => pickN(enWords.slice(12), 2).join(' '),
          enParagraph,
        );
      case 'ja':
        return filler(
          `${pickN(jaWords.slice(0, 30), 2).join('')}の${pick(['設定', '手順', '概要'])}`,
          () => pickN(jaWords.slice(0, 30), 2).join(''),
          jaParagraph,
        );
      default:
        return filler(`${pickN(thWords.slice(0, 20), 2).join('')}`, () => pickN(thWords, 2).join(''), thParagraph);
    }
  }),
);

/** @typedef {{ key: string, lang: string, count: number, title: string[], heading: string[], body: string[] }} Topic */
/**
 * Planted terms: each topic goes into `count` documents that have its language, cycling
 * through title, heading and body, and into three that must never be found (unpublished,
 * offline, in a hidden category).
 * @type {Topic[]}
 */
const topics = [
  {
    key: 'softphone',
    lang: 'zh-CN',
    count: 8,
    title: ['Web软电话集成快速入门', '软电话来电弹屏'],
    heading: ['嵌入软电话'],
    body: ['在CRM中使用Web软电话集成坐席工作台。'],
  },
  {
    key: 'scorecard',
    lang: 'zh-CN',
    count: 8,
    title: ['AI质检评分卡配置'],
    heading: ['质检评分卡模板'],
    body: ['管理员可以在这里编辑质检评分卡的每一项。'],
  },
  {
    key: 'ticketflow',
    lang: 'zh-CN',
    count: 8,
    title: ['跨部门工单流转规则'],
    heading: ['工单流转'],
    body: ['工单流转规则决定工单由哪个部门处理。'],
  },
  {
    key: 'kamailio',
    lang: 'zh-CN',
    count: 8,
    title: ['Kamailio负载均衡部署'],
    heading: ['配置Kamailio负载均衡'],
    body: ['通过Kamailio负载均衡分发SIP请求。'],
  },
  {
    key: 'oauth',
    lang: 'zh-CN',
    count: 8,
    title: ['OAuth令牌刷新'],
    heading: ['刷新OAuth令牌'],
    body: ['OAuth令牌过期前调用刷新接口。'],
  },
  {
    key: 'phone-title',
    lang: 'zh-CN',
    count: 6,
    title: ['电话呼入配置', '外呼电话任务说明', '电话号码池管理'],
    heading: [],
    body: [],
  },
  {
    key: 'transfer',
    lang: 'en',
    count: 9,
    title: ['Transferring calls between queues', 'Call transfers'],
    heading: ['Transferred calls'],
    body: ['A call is transferred to another queue when nobody answers.'],
  },
  {
    key: 'escalation',
    lang: 'en',
    count: 8,
    title: ['Escalation policy for tickets'],
    heading: ['Escalating a ticket'],
    body: ['The escalation policy decides who is paged next.'],
  },
  {
    key: 'webhook',
    lang: 'en',
    count: 8,
    title: ['Verifying webhook signatures'],
    heading: ['Webhook signature header'],
    body: ['Every webhook carries a signature you should verify.'],
  },
  {
    key: 'agent-title',
    lang: 'en',
    count: 6,
    title: ['Agent status reference', 'Configuring agent skills', 'Agent desktop overview'],
    heading: [],
    body: [],
  },
  {
    key: 'softphone-ja',
    lang: 'ja',
    count: 8,
    title: ['ソフトフォンを埋め込む'],
    heading: ['ソフトフォンの設定'],
    body: ['管理画面でソフトフォンを埋め込むことができます。'],
  },
  {
    key: 'transfer-ja',
    lang: 'ja',
    count: 8,
    title: ['通話の転送'],
    heading: ['外線への転送'],
    body: ['オペレーターは通話を外線に転送します。'],
  },
  {
    key: 'transfer-th',
    lang: 'th',
    count: 8,
    title: ['การโอนสายไปยังหมายเลขภายนอก'],
    heading: ['การโอนสาย'],
    body: ['พนักงานสามารถโอนสายไปยังหมายเลขภายนอกได้'],
  },
  {
    key: 'dashboard-th',
    lang: 'th',
    count: 8,
    title: ['แดชบอร์ดผู้ควบคุม'],
    heading: ['แดชบอร์ดสำหรับผู้ควบคุม'],
    body: ['ผู้ควบคุมดูคิวบนแดชบอร์ด'],
  },
];

const planted = new Set();
/**
 * Plants one topic (see `topics`) into documents `eligible` lets through, none planted before.
 * @param {Topic} topic
 * @param {(doc: Doc) => boolean} [eligible]
 */
function plantTopic(topic, eligible = () => true) {
  const candidates = docs.filter(
    (doc) => eligible(doc) && !planted.has(doc.index) && doc.locales.some((l) => l.lang === topic.lang),
  );
  const forms = [
    ...topic.title.map((t) => ['title', t]),
    ...topic.heading.map((t) => ['heading', t]),
    ...topic.body.map((t) => ['body', t]),
  ];
  for (let n = 0; n < topic.count; n += 1) {
    const doc = pick(candidates.filter((candidate) => !planted.has(candidate.index)));
    planted.add(doc.index);
    const draft = drafts[doc.index]?.[doc.locales.findIndex((l) => l.lang === topic.lang)];
    const [where, text] = /** @type {[string, string]} */ (forms[n % forms.length]);
    if (!draft) throw new Error('no draft');
    const section = /** @type {{ heading: string, body: string }} */ (draft.sections[1] ?? draft.sections[0]);
    if (where === 'title') draft.title = text;
    else if (where === 'heading') section.heading = text;
    else {
      // After the first sentence, so the planted words keep their own boundaries.
      const end = section.body.search(/[。，；.]\s*|\s/u);
      const at = end < 0 ? section.body.length : end + 1;
      section.body = `${section.body.slice(0, at)}${topic.lang === 'en' ? ` ${text} ` : text}${section.body.slice(at)}`;
    }
  }
  // Distractors: the same term in the title of documents a reader must never see.
  for (const [status, category] of /** @type {const} */ ([
    [1, null],
    [3, null],
    [2, 'hidden'],
  ])) {
    const index = docs.length;
    docs.push({
      index,
      category: category ?? pick(published).key,
      versions: ['v1', 'v2'],
      status,
      locales: [{ lang: topic.lang, title: '', markdown: '' }],
    });
    const draft = filler(
      /** @type {string} */ (topic.title[0]),
      () => 'x',
      topic.lang === 'en' ? enParagraph : zhParagraph,
    );
    drafts.push([draft]);
  }
}
for (const topic of topics) plantTopic(topic);
// Issue #23, forgiving search: English words of developer documentation for the typo and
// partial-word classes, planted as the topics above (with three distractors each) into published
// documents, drawing from a sequence of their own (FORGIVING_SEED): every random choice of the
// rest of the corpus is the one it was without them. Nothing in the filler holds these words;
// what it holds makes ranking matter: 'configure' and 'Configuring' (to the stemmer, the
// 'configur' of 'configuration'), 'server' in 7 of 10 English bodies, and `serveLookalikes`
// in titles ('server', 'service': what the prefix 'serve' starts too, the reader meaning serve).
/** @type {Topic[]} */
const forgivingTopics = [
  {
    key: 'constructor',
    lang: 'en',
    count: 8,
    title: ['Constructor options of the client', 'The SDK constructor'],
    heading: ['Calling the constructor'],
    body: ['Pass the region to the constructor before the first request.'],
  },
  {
    key: 'configuration',
    lang: 'en',
    count: 8,
    title: ['Configuration policy for tenants', 'Exporting a configuration'],
    heading: ['Configuration policy'],
    body: ['A configuration policy applies to every tenant of the account.'],
  },
  {
    key: 'registration',
    lang: 'en',
    count: 8,
    title: ['SIP registration', 'Registration of desk phones'],
    heading: ['Registration expiry'],
    body: ['Registration fails when the password is wrong.'],
  },
  {
    key: 'snapshot',
    lang: 'en',
    count: 8,
    title: ['Restoring a snapshot', 'Snapshot retention'],
    heading: ['Snapshot retention'],
    body: ['Take a snapshot before every upgrade; its retention is thirty days.'],
  },
  {
    key: 'testing',
    lang: 'en',
    count: 8,
    title: ['Testing inbound routes', 'Load testing the gateway'],
    heading: ['Testing in the sandbox'],
    body: ['Use a sandbox tenant for testing before going live.'],
  },
  {
    key: 'differences',
    lang: 'en',
    count: 7,
    title: ['Differences between v1 and v2'],
    heading: ['Differences from the classic console'],
    body: ['The differences are listed below.'],
  },
  {
    key: 'preserve',
    lang: 'en',
    count: 7,
    title: ['Preserve recordings on deletion'],
    heading: ['Preserve the caller number'],
    body: ['Exports preserve the original timestamps.'],
  },
  {
    key: 'interceptor',
    lang: 'en',
    count: 7,
    title: ['Request interceptor'],
    heading: ['Writing an interceptor'],
    body: ['An interceptor sees every request before it is sent.'],
  },
  {
    key: 'interface',
    lang: 'en',
    count: 8,
    title: ['Supervisor interface', 'Interface language'],
    heading: ['Interface settings'],
    body: ['The interface shows each queue in a tab of its own.'],
  },
  {
    key: 'internationalization',
    lang: 'en',
    count: 6,
    title: ['Internationalization of prompts'],
    heading: ['Internationalization'],
    body: ['Internationalization covers dates, numbers and currencies.'],
  },
  {
    key: 'serve',
    lang: 'en',
    count: 8,
    title: ['Serve prompts from your own storage', 'How calls are served'],
    heading: ['Serving static files'],
    body: ['The gateway serves audio from the nearest region.'],
  },
];
/**
 * Words that start as 'serve' does but are not it, by length: in 3 % of the titles one of the two
 * middle words of that length becomes one of these, so no title changes its length.
 * @type {Record<number, string[]>}
 */
const serveLookalikes = { 6: ['server'], 7: ['servers', 'service'], 8: ['services'] };
source = prng(FORGIVING_SEED);
{
  const hasEnglish = (/** @type {Doc} */ doc) => doc.index < DOCS && doc.locales.some((l) => l.lang === 'en');
  /** @param {Doc} doc */
  const englishDraft = (doc) =>
    /** @type {ReturnType<typeof filler>} */ (drafts[doc.index]?.[doc.locales.findIndex((l) => l.lang === 'en')]);
  // Into pages without 'agent' where there are enough of them: the broad word's BM25F ranking
  // weighs the length of every page that holds it, and so stays as it was.
  const agentFree = new Set(
    docs
      .filter((doc) => {
        if (!hasEnglish(doc)) return false;
        const draft = englishDraft(doc);
        return !/\bagent/i.test([draft.title, ...draft.sections.flatMap((s) => [s.heading, s.body])].join('\n'));
      })
      .map((doc) => doc.index),
  );
  const needed = forgivingTopics.reduce((sum, topic) => sum + topic.count, 0);
  const eligible = (/** @type {Doc} */ doc) => hasEnglish(doc) && (agentFree.size < needed || agentFree.has(doc.index));
  for (const topic of forgivingTopics) plantTopic(topic, eligible);

  /** The middle words of a filler title (after its first word or two, before its last). */
  const middle = (/** @type {string} */ title) => title.split(' ').slice(-3, -1);
  const lookalike = (/** @type {string} */ word) => serveLookalikes[word.length];
  const candidates = docs.filter(
    (doc) => hasEnglish(doc) && !planted.has(doc.index) && middle(englishDraft(doc).title).some(lookalike),
  );
  for (let n = 0; n < Math.round(DOCS * 0.03); n += 1) {
    const doc = pick(candidates.filter((candidate) => !planted.has(candidate.index)));
    planted.add(doc.index);
    const draft = englishDraft(doc);
    const words = draft.title.split(' ');
    const at = words.length - 3 + (lookalike(words[words.length - 3] ?? '') ? 0 : 1);
    words[at] = pick(lookalike(words[at] ?? '') ?? []);
    draft.title = words.join(' ');
  }
}
source = corpusSource;
for (const doc of docs) {
  doc.locales = doc.locales.map((locale, i) => {
    const draft = /** @type {ReturnType<typeof filler>} */ (drafts[doc.index]?.[i]);
    return { lang: locale.lang, title: draft.title, markdown: toMarkdown(draft) };
  });
}

// ---------------------------------------------------------------------------------------------
// Queries, each with the predicate that says which served text is relevant.

const has =
  (/** @type {string[]} */ ...needles) =>
  (/** @type {{ text: string }} */ served) =>
    needles.every((needle) => served.text.includes(needle));
/**
 * Queries of issue #23: [typed, meant], `meant` being the words (alternatives separated by |)
 * a relevant page holds, every one of them, as whole words.
 * @param {string} cls
 * @param {[string, string][]} pairs
 * @returns {Query[]}
 */
const meant = (cls, pairs) =>
  pairs.map(([keyword, intended]) => {
    const patterns = intended.split(' ').map((word) => new RegExp(`\\b(?:${word})\\b`));
    return {
      cls,
      keyword,
      lang: 'en',
      intended,
      relevant: (served) => patterns.every((pattern) => pattern.test(served.text)),
    };
  });
/** One or two slips of the keyboard (a letter dropped, doubled, swapped or wrong) in the word meant. */
const typos = (/** @type {[string, string][]} */ pairs) => meant('en typo', pairs);
/** The first letters of the word meant, or a whole short word that longer ones start with. */
const partialWords = (/** @type {[string, string][]} */ pairs) => meant('en partial word', pairs);
/** Occurrences of a pattern (global) in a text. */
const count = (/** @type {RegExp} */ pattern) => (/** @type {string} */ text) => (text.match(pattern) ?? []).length;
/** @type {Query[]} */
const queries = [
  { cls: 'zh mid-word', keyword: '软电话', lang: 'zh-CN', relevant: has('软电话') },
  { cls: 'zh mid-word', keyword: '评分卡', lang: 'zh-CN', relevant: has('评分卡') },
  { cls: 'zh mid-word', keyword: '质检评分', lang: 'zh-CN', relevant: has('质检评分') },
  { cls: 'zh mid-word', keyword: '单流', lang: 'zh-CN', relevant: has('单流') },
  { cls: 'zh mid-word', keyword: '流转规则', lang: 'zh-CN', relevant: has('流转规则') },
  { cls: 'ja', keyword: 'ソフトフォン', lang: 'ja', relevant: has('ソフトフォン') },
  { cls: 'ja', keyword: 'フォン', lang: 'ja', relevant: has('フォン') },
  { cls: 'ja', keyword: '転送', lang: 'ja', relevant: has('転送') },
  { cls: 'ja', keyword: '埋め込む', lang: 'ja', relevant: has('埋め込む') },
  { cls: 'th', keyword: 'โอนสาย', lang: 'th', relevant: has('โอนสาย') },
  { cls: 'th', keyword: 'ภายนอก', lang: 'th', relevant: has('ภายนอก') },
  { cls: 'th', keyword: 'แดชบอร์ด', lang: 'th', relevant: has('แดชบอร์ด') },
  { cls: 'en stem/prefix', keyword: 'transfer', lang: 'en', relevant: has('transfer') },
  { cls: 'en stem/prefix', keyword: 'transf', lang: 'en', relevant: has('transf') },
  { cls: 'en stem/prefix', keyword: 'transferring', lang: 'en', relevant: has('transfer') },
  { cls: 'en stem/prefix', keyword: 'escalat', lang: 'en', relevant: has('escalat') },
  { cls: 'en stem/prefix', keyword: 'escalation policy', lang: 'en', relevant: has('escalation', 'polic') },
  { cls: 'en stem/prefix', keyword: 'webhook signature', lang: 'en', relevant: has('webhook', 'signature') },
  { cls: 'zh+en mixed', keyword: 'Kamailio 负载均衡', lang: 'zh-CN', relevant: has('kamailio', '负载均衡') },
  { cls: 'zh+en mixed', keyword: 'kamailio负载', lang: 'zh-CN', relevant: has('kamailio', '负载') },
  { cls: 'zh+en mixed', keyword: 'OAuth令牌', lang: 'zh-CN', relevant: has('oauth', '令牌') },
  { cls: 'zh+en mixed', keyword: 'oauth 令牌刷新', lang: 'zh-CN', relevant: has('oauth', '令牌刷新') },
  // Words in 41–46 % of all locales. Relevant: every document whose visible text (title or body)
  // holds the word; recall@10 is measured against the first 10 of the BM25F ranking (see bm25),
  // not against the service's own order (title, then headings, then body).
  { cls: 'broad, BM25F top 10', keyword: '电话', lang: 'zh-CN', relevant: has('电话'), occurrences: count(/电话/g) },
  {
    cls: 'broad, BM25F top 10',
    keyword: 'agent',
    lang: 'en',
    relevant: (s) => /\bagent/.test(s.text),
    occurrences: count(/\bagent/g),
  },
  // Issue #23. Relevant: the pages holding the word the reader meant (planted in `forgivingTopics`)
  // as a whole word, not the pages holding only a word that shares its stem or first letters.
  ...typos([
    ['constuctor', 'constructor'],
    ['constrcutor', 'constructor'],
    ['configuratoin', 'configuration'],
    ['regisstration', 'registration'],
    ['registartion', 'registration'],
    ['snappshot', 'snapshot'],
    ['tsting', 'testing'],
    ['testimg', 'testing'],
    ['diffrences', 'differences'],
    ['perserve', 'preserve'],
    ['interceptr', 'interceptor'],
    ['interfcae', 'interface'],
    ['intenationalizaton', 'internationalization'],
    ['configuratoin policy', 'configuration policy'],
    ['snapshto retention', 'snapshot retention'],
  ]),
  ...partialWords([
    ['constru', 'constructor'],
    ['regist', 'registration'],
    ['snaps', 'snapshot'],
    ['test', 'testing'],
    ['differ', 'differences'],
    ['preser', 'preserve'],
    ['interc', 'interceptor'],
    ['internation', 'internationalization'],
    // A prefix of three planted words: the reader is taken to mean the shortest.
    ['inter', 'interface'],
    // Whole words whose first letters or stem many more pages share: 'server' (7 in 10 bodies,
    // 3 % of the titles) and 'service'; 'configure' and 'Configuring' ('configur' to the stemmer).
    ['serve', 'serve|serves|served|serving'],
    ['configuration', 'configuration'],
  ]),
];
const classes = [...new Set(queries.map((query) => query.cls))];

/**
 * What a reader sees of a document's Markdown: the text, without the heading marks and the code
 * fences (the generated corpus uses no other Markdown).
 * @param {string} markdown
 */
const visibleText = (markdown) =>
  markdown
    .split('\n')
    .filter((line) => !line.startsWith('```'))
    .map((line) => line.replace(/^#+\s+/, ''))
    .join('\n');

/** How much more a word in the title counts than one in the body: VitePress's MiniSearch boosts (title 4, text 2). */
const TITLE_WEIGHT = 2;

/**
 * The reference ranking of the broad words: BM25F (Okapi BM25, k1 = 1.2, b = 0.75, with the
 * title weighted TITLE_WEIGHT times the body) of the query word over the visible text of the
 * locale a reader is served. It rewards a title match as documentation search engines do, but
 * by frequency and length, not by the service's tier rule (title, then headings, then body).
 * tf = weighted occurrences of the word (Chinese: the substring; English: a word starting with
 * it); document length in characters, weighted alike (the corpus mixes languages written with
 * and without spaces); the collection is every document the case allows (version, category,
 * status, language fallback).
 * @param {number} tf
 * @param {number} length
 * @param {{ documents: number, matching: number, averageLength: number }} collection
 */
function bm25(tf, length, { documents, matching, averageLength }) {
  const k1 = 1.2;
  const b = 0.75;
  const idf = Math.log(1 + (documents - matching + 0.5) / (matching + 0.5));
  return (idf * (tf * (k1 + 1))) / (tf + k1 * (1 - b + (b * length) / averageLength));
}

/**
 * One run of a query: its filters, the documents that hold the query (`relevant`) and those a
 * reader should get in the first 10 (`ideal`: the relevant ones when they are 10 or fewer and the
 * query has no ranking; for a ranked query, the BM25F top 10, with every document tied with the
 * 10th).
 * @typedef {{ query: Query, version: 'all' | 'v1' | 'v2', lang: Lang, category: string | undefined, label: string,
 *   relevant: Set<number>, ideal: Set<number>, allowed: Set<number>, servedLang: Map<number, string> }} Case
 */
const categoryByKey = new Map(categories.map((category) => [category.key, category]));
const subtreeOf = (/** @type {string} */ key) =>
  new Set(categories.filter((c) => c.key === key || c.parent === key).map((c) => c.key));

/** @returns {Case} */
function makeCase(
  /** @type {Query} */ query,
  /** @type {Case['version']} */ version,
  /** @type {Lang} */ lang,
  /** @type {string | undefined} */ category,
  /** @type {string} */ label,
) {
  // The fallback chain of resource.service.ts with the default DOC_FALLBACK_LANGS: asked language, English, zh-CN.
  const chain = [...new Set([lang, 'en', 'zh-CN'])];
  const subtree = category === undefined ? undefined : subtreeOf(category);
  const relevant = new Set();
  const allowed = new Set();
  const servedLang = new Map();
  /** Occurrences and length of each relevant document, for the ranked queries. */
  const counted = /** @type {{ index: number, tf: number, length: number }[]} */ ([]);
  let totalLength = 0;
  for (const doc of docs) {
    if (doc.status !== 2 || categoryByKey.get(doc.category)?.status !== 2) continue;
    if (version !== 'all' && !doc.versions.includes(version)) continue;
    if (subtree && !subtree.has(doc.category)) continue;
    const served = chain.map((l) => doc.locales.find((locale) => locale.lang === l)).find(Boolean);
    if (!served) continue;
    allowed.add(doc.index);
    servedLang.set(doc.index, served.lang);
    const title = served.title.toLowerCase();
    const body = visibleText(served.markdown).toLowerCase();
    const text = `${title}\n${body}`;
    // The title counts TITLE_WEIGHT times, in the word's frequency and in the length (BM25F).
    const length = TITLE_WEIGHT * title.length + body.length;
    totalLength += length;
    if (!query.relevant({ title, text })) continue;
    relevant.add(doc.index);
    if (query.occurrences) {
      counted.push({ index: doc.index, tf: TITLE_WEIGHT * query.occurrences(title) + query.occurrences(body), length });
    }
  }
  let ideal = relevant;
  if (query.occurrences) {
    const collection = { documents: allowed.size, matching: relevant.size, averageLength: totalLength / allowed.size };
    const scored = counted
      .map((d) => ({ index: d.index, score: bm25(d.tf, d.length, collection) }))
      .sort((x, y) => y.score - x.score);
    const tenth = scored[Math.min(10, scored.length) - 1]?.score ?? Infinity;
    ideal = new Set(scored.filter((d) => d.score >= tenth).map((d) => d.index));
  }
  return { query, version, lang, category, label, relevant, ideal, allowed, servedLang };
}

/** @type {Case[]} */
const cases = [];
/** Queries left without their Korean reader: see below. */
const withoutKorean = [];
for (const query of ONLY_KEYWORDS ? queries.filter((q) => ONLY_KEYWORDS.includes(q.keyword)) : queries) {
  const base = makeCase(query, 'all', query.lang, undefined, 'all versions');
  const first = [...base.relevant][0];
  const firstCategory = first === undefined ? undefined : categoryByKey.get(docs[first]?.category ?? '');
  const variants = [
    base,
    makeCase(query, 'v2', query.lang, undefined, 'version v2'),
    makeCase(query, 'all', query.lang, firstCategory?.parent ?? firstCategory?.key, 'one category'),
  ];
  // A language nobody wrote in: served in English, else zh-CN (the default DOC_FALLBACK_LANGS
  // since 2026-11-26), so a Chinese term reaches this reader only in the documents without
  // English; where it is in none, the case is left out (and said so).
  if (query.lang === 'zh-CN') {
    const korean = makeCase(query, 'all', 'ko', undefined, 'fallback from ko');
    if (korean.relevant.size > 0) variants.push(korean);
    else withoutKorean.push(query.keyword);
  }
  for (const variant of variants) {
    if (variant.relevant.size === 0) throw new Error(`no relevant document for ${query.keyword} (${variant.label})`);
    cases.push(variant);
  }
}

// ---------------------------------------------------------------------------------------------
// The reference of recall: MiniSearch as VitePress's local search runs it, over the same pages.

const MiniSearchVersion = /** @type {{ version: string }} */ (
  JSON.parse(readFileSync(path.join(root, 'node_modules/minisearch/package.json'), 'utf8'))
).version;
/**
 * VitePress's local search with no options of a site's own (vuejs/vitepress,
 * src/node/plugins/localSearchPlugin.ts builds one index per locale of the site,
 * src/client/theme-default/components/VPLocalSearchBox.vue searches it): these fields, and
 * every query word matched by prefix and within an edit distance of a fifth of its length, OR-ed.
 */
const VITEPRESS_INDEX = { fields: ['title', 'titles', 'text'], storeFields: ['title', 'titles'] };
const VITEPRESS_SEARCH = { fuzzy: 0.2, prefix: true, boost: { title: 4, text: 2, titles: 1 } };

/**
 * A page as VitePress indexes it (splitPageIntoSections): a section per heading, titled by it,
 * under the titles of the headings above it. The page's title is its h1, a section of its own,
 * here without text (the corpus has none between the title and the first heading).
 * @param {Locale} locale
 */
function vitepressSections(locale) {
  const sections = [{ title: locale.title, titles: /** @type {string[]} */ ([]), text: '' }];
  for (const part of locale.markdown.split(/^## /m).slice(1)) {
    const end = part.indexOf('\n');
    sections.push({
      title: end < 0 ? part : part.slice(0, end),
      titles: [locale.title],
      text: end < 0 ? '' : visibleText(part.slice(end + 1)).trim(),
    });
  }
  return sections;
}

/**
 * MiniSearch's first page and search time for every case, in this process. One index per
 * version and reader language (VitePress builds one per locale of a site) over the locale each
 * page is served in; the case's category applied to the results. VitePress lists sections (the
 * first 16); here a page is found when one of its sections is, pages in the order of their first
 * section, and the first 10 pages count, as the first 10 of our list do.
 * @param {Case[]} all
 */
function runMiniSearch(all) {
  /** @type {Map<string, { time: number[], recall: number[] }>} */
  const byClass = new Map(classes.map((cls) => [cls, { time: [], recall: [] }]));
  /** @type {string[]} */
  const misses = [];
  /** @type {Map<string, Case[]>} */
  const groups = new Map();
  for (const c of all) {
    const key = `${c.version} ${c.lang}`;
    const group = groups.get(key) ?? [];
    group.push(c);
    groups.set(key, group);
  }
  let indexSeconds = 0;
  let sectionCount = 0;
  for (const group of groups.values()) {
    const started = performance.now();
    const index = new MiniSearch({ ...VITEPRESS_INDEX, searchOptions: VITEPRESS_SEARCH });
    /** The page of each section, by the section's id. @type {number[]} */
    const pageOf = [];
    /** @type {Map<number, string>} */
    const served = new Map(group.flatMap((c) => [...c.servedLang]));
    for (const [page, lang] of served) {
      const locale = /** @type {Locale} */ (docs[page]?.locales.find((l) => l.lang === lang));
      for (const section of vitepressSections(locale)) {
        index.add({ id: pageOf.length, ...section });
        pageOf.push(page);
      }
    }
    indexSeconds += (performance.now() - started) / 1000;
    sectionCount += pageOf.length;
    for (const c of group) {
      const stats = /** @type {{ time: number[], recall: number[] }} */ (byClass.get(c.query.cls));
      const firstPage = () => {
        /** @type {number[]} */
        const pages = [];
        for (const result of index.search(c.query.keyword)) {
          const page = /** @type {number} */ (pageOf[/** @type {number} */ (result.id)]);
          if (!c.allowed.has(page) || pages.includes(page)) continue;
          pages.push(page);
          if (pages.length === 10) break;
        }
        return pages;
      };
      let top = firstPage();
      for (let i = 0; i < WARMUP; i += 1) firstPage();
      for (let i = 0; i < REPS; i += 1) {
        const t = performance.now();
        top = firstPage();
        stats.time.push(performance.now() - t);
      }
      const found = top.filter((page) => c.ideal.has(page)).length;
      const recall = found / Math.min(10, c.relevant.size);
      stats.recall.push(recall);
      // Chinese, Japanese and Thai: its tokenizer cuts only at spaces and punctuation, so it finds
      // a word only at the start of a run; the table says how often, a list would say little more.
      if (recall < 1 && c.query.lang === 'en')
        misses.push(`${c.query.keyword} [${c.lang}, ${c.label}]: ${found} of ${Math.min(10, c.relevant.size)}`);
    }
  }
  return { byClass, misses, indexSeconds, sectionCount, indexes: groups.size };
}

// ---------------------------------------------------------------------------------------------
// One database: load through the service, then measure.

const quantile = (/** @type {number[]} */ values, /** @type {number} */ q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
};

/**
 * @param {string} name
 * @param {Database} db
 * @param {'pglite' | 'postgres'} kind
 */
async function measure(name, db, kind) {
  try {
    const loaded = await load(name, db);
    const results = [await run(name, db, loaded)];
    if (kind === 'pglite') {
      // PGlite has no autovacuum: the rows the loading updated (a resource's locale rows are
      // rewritten as its copies and languages change) stay until the server's hourly VACUUM
      // (retention.ts). Measured both ways.
      const started = performance.now();
      await sql`vacuum`.execute(db);
      console.log(`  ${name}: VACUUM took ${((performance.now() - started) / 1000).toFixed(1)} s`);
      results.push(await run(`${name} after VACUUM`, db, loaded));
      // VACUUM frees the old row versions but leaves the live ones where they are, spread over
      // the pages the loading filled; VACUUM FULL packs them (19 MB to 13 MB at 10,000), which
      // a search that visits every match's row feels. Not something the server can do on its
      // own (it locks the table for seconds): measured to show what the layout costs.
      const packing = performance.now();
      await sql`vacuum full resource_locale`.execute(db);
      console.log(`  ${name}: VACUUM FULL resource_locale took ${((performance.now() - packing) / 1000).toFixed(1)} s`);
      results.push(await run(`${name} after VACUUM FULL`, db, loaded));
    }
    if (kind === 'postgres') {
      // What a PostgreSQL with autovacuum would plan with; PGlite never gathers statistics.
      await sql`analyze`.execute(db);
      results.push(await run(`${name} after ANALYZE`, db, loaded));
    }
    return results;
  } finally {
    await db.destroy();
  }
}

/**
 * Builds the corpus through the resource service.
 * @param {string} name
 * @param {Database} db
 * @returns {Promise<Loaded>}
 */
async function load(name, db) {
  await migrateToLatest(db);
  if (KEEP) {
    const kept = await reuse(db);
    if (kept) return kept;
  }
  await seedIfEmpty(db);
  // As main.ts: an in-process cache on both databases (on PostgreSQL main.ts also drops it when
  // another node writes; here this process is the only writer).
  const readCache = createMemoryReadCache();
  const lifecycle = createLifecycle();
  const services = createServices({ db, readCache, clock: systemClock, lifecycle });
  const versions = await db.selectFrom('version').select(['id', 'name']).execute();
  const versionId = {
    v1: versions.find((v) => v.name === 'v1.0')?.id ?? '',
    v2: versions.find((v) => v.name === 'v2.0')?.id ?? '',
  };

  const categoryId = new Map();
  await db.transaction().execute(async (trx) => {
    for (const [sort, category] of categories.entries()) {
      const id = await services.categories.create(trx, {
        parent_id: category.parent === null ? null : categoryId.get(category.parent),
        status: category.status,
        sort,
        names: { 'zh-CN': category.zh, en: category.en },
      });
      categoryId.set(category.key, id);
    }
  });

  const started = performance.now();
  /** @type {Map<string, number>} */
  const indexOf = new Map();
  for (let from = 0; from < docs.length; from += BATCH) {
    await db.transaction().execute(async (trx) => {
      for (const doc of docs.slice(from, from + BATCH)) {
        const id = await services.resources.create(trx, {
          category_id: categoryId.get(doc.category),
          status: doc.status,
          sort: doc.index,
          version_ids: doc.versions.map((v) => versionId[v]),
          locales: doc.locales,
        });
        indexOf.set(id, doc.index);
      }
    });
    const done = Math.min(docs.length, from + BATCH);
    if (done % 2000 < BATCH || done === docs.length) {
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(`  ${name}: ${done}/${docs.length} resources written, ${seconds.toFixed(1)} s\n`);
    }
  }
  readCache.invalidate(); // as a CMS write does
  const loadSeconds = (performance.now() - started) / 1000;
  const localeCount = docs.reduce((sum, doc) => sum + doc.locales.length, 0);
  const { rows: sizeRows } = await sql`select pg_size_pretty(pg_total_relation_size('resource_locale')) as size,
      pg_size_pretty(pg_relation_size('resource_locale_search')) as gin`.execute(db);
  const size = /** @type {{ size: string, gin: string }} */ (sizeRows[0]);
  return { services, versionId, categoryId, indexOf, loadSeconds, localeCount, size };
}

/**
 * What `load` answers.
 * @typedef {{ services: import('../packages/server/src/services.js').Services, versionId: { v1: string, v2: string },
 *   categoryId: Map<string, string | undefined>, indexOf: Map<string, number>, loadSeconds: number, localeCount: number,
 *   size: { size: string, gin: string } }} Loaded
 */

/**
 * A corpus loaded by an earlier run (BENCH_KEEP), found by its generated categories; the
 * resources' sort is their index in `docs`.
 * @param {Database} db
 * @returns {Promise<Loaded | undefined>}
 */
async function reuse(db) {
  const { rows } = await sql`select category_id as id, name from category_locale where lang = 'en'`.execute(db);
  const found = /** @type {{ id: string, name: string }[]} */ (rows);
  const resources = /** @type {{ id: string, sort: number }[]} */ (
    (await sql`select id, sort from resource`.execute(db)).rows
  );
  if (resources.length < docs.length) return undefined;
  const categoryId = new Map(
    categories.map((category) => [category.key, found.find((c) => c.name === category.en)?.id]),
  );
  const versions = await db.selectFrom('version').select(['id', 'name']).execute();
  const versionId = {
    v1: versions.find((v) => v.name === 'v1.0')?.id ?? '',
    v2: versions.find((v) => v.name === 'v2.0')?.id ?? '',
  };
  const services = createServices({
    db,
    readCache: createMemoryReadCache(),
    clock: systemClock,
    lifecycle: createLifecycle(),
  });
  const indexOf = new Map(resources.filter((r) => r.sort < docs.length).map((r) => [r.id, r.sort]));
  const localeCount = docs.reduce((sum, doc) => sum + doc.locales.length, 0);
  console.log(`  ${docs.length} resources kept from an earlier run (BENCH_KEEP=${KEEP})`);
  return {
    services,
    versionId,
    categoryId,
    indexOf,
    loadSeconds: Number.NaN,
    localeCount,
    size: { size: '?', gin: '?' },
  };
}

/**
 * Runs every query case, timed against the reference, and scores its first page.
 * @param {string} name
 * @param {Database} db
 * @param {Awaited<ReturnType<typeof load>>} loaded
 */
async function run(name, db, { services, versionId, categoryId, indexOf, loadSeconds, localeCount, size }) {
  /** @param {Case} c */
  const request = (c) => ({
    version: c.version === 'all' ? 'all' : versionId[c.version],
    lang: c.lang,
    keyword: c.query.keyword,
    ...(c.category === undefined ? {} : { category_id: categoryId.get(c.category) }),
  });
  /** @param {Case} c */
  const reference = async (c) => {
    const { tsquery } = parseQuery(c.query.keyword, c.lang);
    await sql`select resource_id from resource_locale where search @@ to_tsquery('english', ${tsquery}) limit 10`.execute(
      db,
    );
  };

  if (EXPLAIN) await explain(name, db, services, cases, request);

  /** @type {Map<string, { ours: number[], ref: number[], count: number[], recall: number[] }>} */
  const byClass = new Map(classes.map((cls) => [cls, { ours: [], ref: [], count: [], recall: [] }]));
  let leaks = 0;
  let wrongLang = 0;
  /** @type {string[]} */
  const misses = [];
  /** Each case's slowest list time, for the slowest cases' list. */
  const slowest = /** @type {{ label: string, ms: number }[]} */ ([]);
  for (const c of cases) {
    const stats = /** @type {{ ours: number[], ref: number[], count: number[], recall: number[] }} */ (
      byClass.get(c.query.cls)
    );
    const body = request(c);
    let result = await services.resources.list(body, PAGE);
    for (let i = 0; i < WARMUP; i += 1) {
      await services.resources.list(body, PAGE);
      await reference(c);
    }
    for (let i = 0; i < REPS; i += 1) {
      // Interleaved, so both see the same machine at the same moment.
      let t = performance.now();
      result = await services.resources.list(body, PAGE);
      stats.ours.push(performance.now() - t);
      t = performance.now();
      await reference(c);
      stats.ref.push(performance.now() - t);
      t = performance.now();
      await services.resources.count(body);
      stats.count.push(performance.now() - t);
    }
    slowest.push({ label: `${c.query.keyword} [${c.lang}, ${c.label}]`, ms: Math.max(...stats.ours.slice(-REPS)) });
    const top = result.list.slice(0, 10).map((row) => /** @type {number} */ (indexOf.get(row._id)));
    for (const [at, row] of result.list.entries()) {
      const index = /** @type {number} */ (top[at] ?? indexOf.get(row._id));
      if (!c.allowed.has(index)) leaks += 1;
      else if (c.servedLang.get(index) !== row.lang) wrongLang += 1;
    }
    const found = top.filter((index) => c.ideal.has(index)).length;
    const recall = found / Math.min(10, c.relevant.size);
    stats.recall.push(recall);
    if (recall < 1)
      misses.push(
        `${c.query.keyword} [${c.lang}, ${c.label}]: ${found} of ${Math.min(10, c.relevant.size)} (relevant ${c.relevant.size}, ` +
          `${c.query.occurrences ? `BM25F top 10 with ties ${c.ideal.size}, ` : ''}total ${result.total})`,
      );
  }
  slowest.sort((a, b) => b.ms - a.ms);
  const slow = slowest.slice(0, 8).map((s) => `${s.label} ${s.ms.toFixed(1)} ms`);
  return { name, loadSeconds, localeCount, size, byClass, leaks, wrongLang, misses, slow };
}

/**
 * EXPLAIN ANALYZE of the statements the service sends for a few queries, captured on their way
 * to the database.
 * @param {string} name
 * @param {Database} db
 * @param {import('../packages/server/src/services.js').Services} services
 * @param {Case[]} all
 * @param {(c: Case) => import('../packages/server/src/content/resources/resource.service.js').ReaderQuery} request
 */
async function explain(name, db, services, all, request) {
  /** @type {{ node: import('kysely').RootOperationNode, queryId: import('kysely').QueryId }[]} */
  const captured = [];
  const spy = db.withPlugin({
    transformQuery: (args) => {
      captured.push({ node: args.node, queryId: args.queryId });
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  });
  const spied = createServices({ db: spy, readCache: noReadCache, clock: systemClock, lifecycle: createLifecycle() });
  void services;
  for (const keyword of EXPLAIN_KEYWORDS ?? ['软电话', 'transfer', '电话', 'agent']) {
    const c = all.find((candidate) => candidate.query.keyword === keyword && candidate.label === 'all versions');
    if (!c) continue;
    captured.length = 0;
    await spied.resources.list(request(c), PAGE);
    for (const { node, queryId } of captured) {
      const compiled = db.getExecutor().compileQuery(node, queryId);
      if (!/resource_locale|search_word|to_tsquery/.test(compiled.sql)) continue;
      const plan = await db.executeQuery(
        CompiledQuery.raw(`explain (analyze, buffers) ${compiled.sql}`, [...compiled.parameters]),
      );
      console.log(`\n--- ${name}: ${keyword} ---\n${compiled.sql.replace(/\s+/g, ' ')}`);
      for (const row of /** @type {Record<string, string>[]} */ (plan.rows)) console.log(Object.values(row)[0]);
    }
  }
}

// ---------------------------------------------------------------------------------------------

const relevantSizes = cases
  .filter((c) => c.label === 'all versions')
  .map((c) => `${c.query.keyword}${c.query.intended ? ` (${c.query.intended})` : ''} ${c.relevant.size}`);
console.log(
  `Corpus: ${DOCS} published resources (+${docs.length - DOCS} unpublished, offline or hidden distractors), ` +
    `${docs.reduce((sum, doc) => sum + doc.locales.length, 0)} locales; ${cases.length} query cases of ${queries.length} queries.`,
);
console.log(
  `Relevant documents per query (all versions; the typo and partial-word classes: the word meant): ${relevantSizes.join(', ')}`,
);
if (withoutKorean.length > 0)
  console.log(
    `No Korean reader (served English first) for ${withoutKorean.join(', ')}: no document holds it without English.`,
  );
console.log(
  'recall@10 = documents of the first 10 results among those a reader should get first / min(10, relevant): ' +
    'every relevant one where they are 10 or fewer; for the broad words, the BM25F top 10 over title and body (a title word counts twice).',
);
const loadAfter = watchLoad('the measurement');

const ms = (/** @type {number} */ value) => value.toFixed(1);
const mean = (/** @type {number[]} */ values) => values.reduce((a, b) => a + b, 0) / values.length;
const mini = runMiniSearch(cases);
console.log(
  `\nMiniSearch ${MiniSearchVersion} with VitePress's local-search settings, in this process: ${mini.indexes} indexes ` +
    `(version × reader language) of ${mini.sectionCount} sections in all, built in ${mini.indexSeconds.toFixed(1)} s; ` +
    `search = index.search and its first 10 pages, ${REPS} timed runs per case after ${WARMUP} warm-ups\n`,
);
console.log('| class | cases | search p50 | search p95 | recall@10 |');
console.log('|---|---|---|---|---|');
for (const [cls, stats] of mini.byClass) {
  console.log(
    `| ${cls} | ${stats.recall.length} | ${quantile(stats.time, 0.5).toFixed(2)} ms | ` +
      `${quantile(stats.time, 0.95).toFixed(2)} ms | ${mean(stats.recall).toFixed(3)} |`,
  );
}
if (mini.misses.length > 0) console.log(`MiniSearch's English cases below full recall:\n  ${mini.misses.join('\n  ')}`);

const results = [];
const notes = [];
if (ONLY !== 'postgres') {
  const dataDir = KEEP
    ? path.join(tmpdir(), `open-bench-search-${KEEP}`)
    : await mkdtemp(path.join(tmpdir(), 'open-bench-search-'));
  try {
    const { db } = await openDatabase({ dataDir });
    results.push(...(await measure('PGlite', db, 'pglite')));
  } finally {
    if (!KEEP) await rm(dataDir, { recursive: true, force: true });
  }
}
if (ONLY !== 'pglite') {
  try {
    await withPostgresSchema(
      async (databaseUrl) => {
        const { db } = await openDatabase({ databaseUrl });
        results.push(...(await measure('PostgreSQL', db, 'postgres')));
      },
      KEEP && `bench_${KEEP}`,
    );
  } catch (error) {
    notes.push(
      `PostgreSQL at ${PG_URL} not measured: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }
}

/**
 * For `npm run bench` (writeSummary): the overall p50 and p95 and the broad words' p95 against
 * the reference, the overall recall, and the recall of the two classes of issue #23 against
 * MiniSearch's, for each database.
 * @type {import('./lib.mjs').SummaryFigure[]}
 */
const summary = [];
for (const result of results) {
  console.log(
    `\n${result.name}: ${docs.length} resources, ${result.localeCount} locales written through the resource service in ` +
      `${result.loadSeconds.toFixed(1)} s (${(docs.length / result.loadSeconds).toFixed(0)}/s); resource_locale ${result.size.size}, GIN index ${result.size.gin}`,
  );
  console.log(
    `list = resources.list (doc/get_resource_list, page of ${PAGE.limit}, with its count); count = resources.count; ` +
      `ref = bare GIN query; ${REPS} timed runs per case after ${WARMUP} warm-ups\n`,
  );
  console.log(
    '| class | cases | list p50 | list p95 | count p95 | ref p50 | ref p95 | p50 vs ref | p95 vs ref | recall@10 | MiniSearch recall@10 |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const all = {
    ours: /** @type {number[]} */ ([]),
    ref: /** @type {number[]} */ ([]),
    count: /** @type {number[]} */ ([]),
    recall: /** @type {number[]} */ ([]),
  };
  const line = (/** @type {string} */ label, /** @type {typeof all} */ s, /** @type {number[]} */ miniRecall) =>
    console.log(
      `| ${label} | ${s.recall.length} | ${ms(quantile(s.ours, 0.5))} ms | ${ms(quantile(s.ours, 0.95))} ms | ` +
        `${ms(quantile(s.count, 0.95))} ms | ${ms(quantile(s.ref, 0.5))} ms | ${ms(quantile(s.ref, 0.95))} ms | ` +
        `${(quantile(s.ours, 0.5) / quantile(s.ref, 0.5)).toFixed(1)}x | ` +
        `${(quantile(s.ours, 0.95) / quantile(s.ref, 0.95)).toFixed(1)}x | ${mean(s.recall).toFixed(3)} | ` +
        `${mean(miniRecall).toFixed(3)} |`,
    );
  for (const [cls, stats] of result.byClass) {
    line(cls, stats, mini.byClass.get(cls)?.recall ?? []);
    all.ours.push(...stats.ours);
    all.ref.push(...stats.ref);
    all.count.push(...stats.count);
    all.recall.push(...stats.recall);
  }
  line(
    '**overall**',
    all,
    [...mini.byClass.values()].flatMap((stats) => stats.recall),
  );
  const broad = result.byClass.get('broad, BM25F top 10');
  const shown =
    result.leaks + result.wrongLang > 0
      ? { note: `${result.leaks} not to be seen, ${result.wrongLang} in the wrong language` }
      : {};
  for (const [label, s, q] of /** @type {[string, typeof all | undefined, number][]} */ ([
    ['overall list p50', all, 0.5],
    ['overall list p95', all, 0.95],
    ['broad words list p95', broad, 0.95],
  ])) {
    if (s)
      summary.push({
        figure: `${result.name}, ${label}`,
        ours: quantile(s.ours, q),
        reference: quantile(s.ref, q),
        unit: 'ms',
        better: 'lower',
        ...shown,
      });
  }
  // The reference of recall is the exact ground truth: 1; for the classes of issue #23, MiniSearch's.
  summary.push({
    figure: `${result.name}, recall@10 overall`,
    ours: mean(all.recall),
    reference: 1,
    unit: '',
    better: 'higher',
  });
  for (const cls of ['en typo', 'en partial word']) {
    summary.push({
      figure: `${result.name}, recall@10 ${cls} (reference: MiniSearch as VitePress)`,
      ours: mean(result.byClass.get(cls)?.recall ?? []),
      reference: mean(mini.byClass.get(cls)?.recall ?? []),
      unit: '',
      better: 'higher',
    });
  }
  console.log(
    `\nResults a reader must not see (unpublished, offline, hidden, other version or category): ${result.leaks}`,
  );
  console.log(`Results served in the wrong language of the fallback chain: ${result.wrongLang}`);
  if (result.misses.length > 0) console.log(`Cases below full recall:\n  ${result.misses.join('\n  ')}`);
  console.log(`Slowest cases (their slowest timed run):\n  ${result.slow.join('\n  ')}`);
}
for (const note of notes) console.log(`\n(${note})`);
writeSummary('search', summary, loadAfter());
