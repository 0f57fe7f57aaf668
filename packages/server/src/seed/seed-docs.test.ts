import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { locales } from '@open/protocol/locales';
import { dictionaries } from '@open/protocol/messages/index';
import { events, initParams, methods } from '@open/protocol/softphone/catalogue';
import { shapeNames, shapes } from '@open/protocol/softphone/shapes';
import { SDK_MODULE_PATH, SDK_PATH } from '@open/softphone/bridge/messages';
import { systemClock } from '../clock.js';
import { noReadCache } from '../db/read-cache.js';
import { createLifecycle } from '../lifecycle.js';
import { createServices, type Services } from '../services.js';
import { createTestDatabase } from '../../test/helpers.js';
import { slugify } from '../content/markdown/render.js';
import { cataloguePage, cell, eventsPage, initParamsPage, methodsPage, pageLangs } from './catalogue-pages.js';
import { errorCodePage, seedDocsIfEmpty, splitTitle } from './seed-docs.js';

let services: Services;
let close: () => Promise<void>;
let seeded: boolean;
let again: boolean;

beforeAll(async () => {
  const database = await createTestDatabase();
  close = () => database.close();
  services = createServices({
    db: database.db,
    readCache: noReadCache,
    clock: systemClock,
    lifecycle: createLifecycle(),
  });
  seeded = await seedDocsIfEmpty({ db: database.db, ...services });
  again = await seedDocsIfEmpty({ db: database.db, ...services });
});
afterAll(() => close());

describe('the seeded documentation', () => {
  it('loads once', () => {
    expect([seeded, again]).toEqual([true, false]);
  });

  it('differs between the two versions and falls back to Chinese where English is missing', async () => {
    const { list: versions } = await services.versions.listForReaders();
    const totals = await Promise.all(
      versions.map(async (v) => (await services.resources.count({ version: v._id, lang: 'en' })).total),
    );
    expect(new Set(totals).size).toBe(2);
    const all = await services.resources.list({ version: 'all', lang: 'en' }, undefined);
    expect(all.list.some((row) => row.fallback && row.lang === 'zh-CN')).toBe(true);
  });

  it('finds the Chinese quick start mid-word, and has an FAQ of at least 8 questions', async () => {
    const hits = await services.resources.list({ version: 'all', lang: 'zh-CN', keyword: '软电话' }, undefined);
    expect(hits.list.map((row) => row.title)).toContain('Web软电话集成快速入门');
    expect((await services.resources.faq({ version: 'all', lang: 'en' })).list.length).toBeGreaterThanOrEqual(8);
  });

  it('generates the error-code page from the catalogue', async () => {
    const page = errorCodePage('en');
    for (const { code } of Object.values(errorCatalogue)) expect(page.markdown).toContain(`| ${code} |`);
    const hits = await services.resources.list(
      { version: 'all', lang: 'en', keyword: String(errorCatalogue.badJson.code) },
      undefined,
    );
    expect(hits.list.map((row) => row.title)).toContain('Error codes');
  });

  it('holds the softphone reference pages generated from the catalogue, found by their names', async () => {
    const titles = async (keyword: string, lang: 'zh-CN' | 'en') =>
      (await services.resources.list({ version: 'all', lang, keyword }, undefined)).list.map((row) => row.title);
    expect(await titles('setAgentStatus', 'en')).toContain('Methods');
    expect(await titles('setAgentStatus', 'zh-CN')).toContain('方法');
    expect(await titles('interruptionCancelled', 'en')).toContain('Events');
    expect(await titles('interruptionCancelled', 'zh-CN')).toContain('事件');
    expect(await titles('volteVideo', 'en')).toContain('Init parameters');
    expect(await titles('volteVideo', 'zh-CN')).toContain('初始化参数');
  });
});

/** The body rows of the first table after the line `heading`. */
function tableAfter(markdown: string, heading: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const first = lines.findIndex((line, i) => i > start && line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > first && !line.startsWith('|'));
  return lines.slice(first + 2, end === -1 ? undefined : end).map((line) =>
    line
      .slice(2, -2)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim()),
  );
}

const text = (lang: 'zh-CN' | 'en', key: string) =>
  cell((dictionaries.softphone[lang] as Record<string, string>)[key] ?? '');

describe.each(pageLangs)('the softphone reference pages in %s', (lang) => {
  it('list every init parameter once, with its type, requirement, default and description', () => {
    const page = initParamsPage(lang);
    const rows = tableAfter(page.markdown, lang === 'en' ? '## All parameters' : '## 参数总表');
    expect(rows.map((r) => r[0])).toEqual(initParams.map((p) => `\`${p.name}\``));
    for (const [i, param] of initParams.entries()) {
      const [, type, required, fallback, description] = rows[i] ?? [];
      expect(type).toContain(`\`${param.type}\``);
      expect(required).toBe(lang === 'en' ? (param.required ? 'yes' : 'no') : param.required ? '是' : '否');
      if (param.default !== undefined) expect(fallback).toContain(String(param.default));
      expect(description).toBe(text(lang, param.description));
    }
  });

  it('list every method once, where it runs, its parameters, its result and who may call it', () => {
    const page = methodsPage(lang);
    const rows = tableAfter(page.markdown, lang === 'en' ? '## All methods' : '## 方法总表');
    expect(rows.map((r) => r[0])).toEqual(methods.map((m) => `\`${m.name}\``));
    const where =
      lang === 'en' ? { phone: 'in the phone', engine: 'on the server' } : { phone: '软电话内', engine: '服务端' };
    const supervisorsOnly = lang === 'en' ? 'supervisors only' : '仅班长可用';
    for (const [i, method] of methods.entries()) {
      const [, runs, params, result, description] = rows[i] ?? [];
      expect(runs?.startsWith(where[method.target])).toBe(true);
      expect(runs?.includes(supervisorsOnly)).toBe(method.role === 'supervisor');
      for (const param of method.params) expect(params).toContain(`\`${param.name}`);
      expect(result).toBe(`[\`${method.result}\`](#${method.result.toLowerCase()})`);
      expect(description).toBe(text(lang, method.description));
      if (method.params.length === 0) continue;
      const paramRows = tableAfter(page.markdown, `### ${method.name}`);
      expect(paramRows.map((r) => r[0])).toEqual(method.params.map((p) => `\`${p.name}\``));
      for (const [j, param] of method.params.entries()) {
        expect(paramRows[j]?.[4]).toBe(text(lang, param.description));
        for (const value of param.values ?? []) expect(paramRows[j]?.[1]).toContain(`"${value}"`);
        if (param.default !== undefined) expect(paramRows[j]?.[3]).toContain(String(param.default));
      }
    }
  });

  it('list every event once, who raises it and its payload fields', () => {
    const page = eventsPage(lang);
    const rows = tableAfter(page.markdown, lang === 'en' ? '## All events' : '## 事件总表');
    expect(rows.map((r) => r[0])).toEqual(events.map((e) => `\`${e.name}\``));
    for (const [i, event] of events.entries()) {
      expect(rows[i]?.[3]).toBe(text(lang, event.description));
      if (event.payload.length === 0) continue;
      const fieldRows = tableAfter(page.markdown, `### ${event.name}`);
      expect(fieldRows.map((r) => r[0])).toEqual(event.payload.map((f) => `\`${f.name}\``));
      for (const [j, field] of event.payload.entries()) {
        expect(fieldRows[j]?.[1]).toContain(`\`${field.shape ?? field.type}\``);
        expect(fieldRows[j]?.[2]).toBe(text(lang, field.description));
      }
    }
  });

  it('describe every object of the results and payloads, each field with its type and description', () => {
    const page = methodsPage(lang);
    for (const shape of shapeNames) {
      const { description, fields } = shapes[shape];
      expect(page.markdown).toContain(`\n### ${shape}\n\n${text(lang, description)}\n`);
      if (fields.length === 0) continue;
      const rows = tableAfter(page.markdown, `### ${shape}`);
      expect(rows.map((r) => r[0])).toEqual(fields.map((f) => `\`${f.name}\``));
      for (const [j, field] of fields.entries()) {
        expect(rows[j]?.[1]).toContain(field.shape === undefined ? `\`${field.type}\`` : `[\`${field.shape}\`]`);
        if (field.nullable) expect(rows[j]?.[1]).toContain('`null`');
        expect(rows[j]?.[2]).toBe(text(lang, field.description));
      }
    }
  });

  it('link each object to its own section: no other heading of the page takes its anchor', () => {
    const headings = methodsPage(lang)
      .markdown.split('\n')
      .filter((line) => /^#{2,3} /.test(line))
      .map((line) => slugify(line.replace(/^#+ /, '')));
    for (const shape of shapeNames) {
      expect(
        headings.filter((slug) => slug === shape.toLowerCase()),
        shape,
      ).toEqual([slugify(shape)]);
    }
  });

  it('document the phone instance, its errors, and the SDK’s ES module and declarations', () => {
    const page = methodsPage(lang);
    const members = tableAfter(page.markdown, lang === 'en' ? '## The softphone instance' : '## 软电话实例');
    expect(members.map((r) => r[0])).toEqual([
      '`ready`',
      lang === 'en' ? '`phone.<method>(params)`' : '`phone.<方法>(params)`',
      '`call(method, params)`',
      '`on(event, handler)`',
      '`off(event, handler)`',
      '`destroy()`',
    ]);
    expect(members[3]?.[1]).toContain("`on('*', handler)`");
    const error = tableAfter(page.markdown, '### SoftphoneError');
    expect(error.map((r) => r[0])).toEqual(['`name`', '`code`', '`message`', '`data`']);
    for (const path of [SDK_PATH, SDK_MODULE_PATH, SDK_PATH.replace(/\.js$/, '.d.ts')]) {
      expect(page.markdown).toContain(`\`${path}\``);
    }
    expect(eventsPage(lang).markdown).toContain("phone.on('*', ({ name, data }) => console.log(name, data));");
  });

  it('name in their prose only what the catalogue has', () => {
    // Inline code in the hand-written prose that looks like a catalogue name must be one, so a
    // rename in the catalogue cannot leave the prose behind.
    const known = new Set([
      ...initParams.map((p) => p.name),
      ...methods.flatMap((m) => [m.name, ...m.params.map((p) => p.name)]),
      ...events.flatMap((e) => [e.name, ...e.payload.map((f) => f.name)]),
      ...shapeNames.flatMap((s) => shapes[s].fields.map((f) => f.name)),
      // Enum values are catalogue words too (`ended`, `signedOut`).
      ...[
        ...initParams,
        ...methods.flatMap((m) => m.params),
        ...events.flatMap((e) => e.payload),
        ...shapeNames.flatMap((s) => shapes[s].fields),
      ].flatMap((f) => f.values ?? []),
      // The phone instance's own members, and what its declarations are used with.
      ...['ready', 'destroy', 'import', 'tsc'],
      // Types and values: prose says `null`, and a table row quoting `name: false` reads as prose.
      ...['string', 'boolean', 'number', 'enum', 'object', 'record', 'true', 'false', 'null'],
      ...locales.map((l) => l.code),
      ...Object.keys(errorCatalogue),
      ...['init', 'container', 'data', 'code', 'message', 'acw', 'idle', 'busy'],
    ]);
    for (const page of [initParamsPage(lang), methodsPage(lang), eventsPage(lang)]) {
      const prose = page.markdown
        .replace(/```[\s\S]*?```/g, '')
        .split('\n')
        .filter((line) => !line.startsWith('|') || line.includes(': false') || line.includes(': true'))
        .join('\n');
      for (const [, word = ''] of prose.matchAll(/`([a-z][A-Za-z_]*)(?:: \w+)?`/g)) expect(known, word).toContain(word);
    }
  });
});

describe('cataloguePage', () => {
  it('answers the pages the manifest may name, and refuses others', () => {
    expect(cataloguePage('methods', 'en')).toEqual(methodsPage('en'));
    expect(() => cataloguePage('nothing', 'en')).toThrow(/nothing/);
    expect(() => cataloguePage('events', 'fr')).toThrow(/fr/);
  });

  it('escapes | and line breaks in a cell', () => {
    expect(cell('a | b\nc')).toBe('a \\| b c');
  });
});

describe('splitTitle', () => {
  it('takes the first line as the title and refuses a file without one', () => {
    expect(splitTitle('# Hello\n\nBody', 'a.md')).toEqual({ title: 'Hello', markdown: 'Body' });
    expect(() => splitTitle('Body', 'a.md')).toThrow(/a\.md/);
  });
});
