/**
 * Loads the product's own documentation (packages/server/seed/docs) into an empty content
 * model, rendered and indexed like any CMS save. The error-code page is generated from the
 * error catalogue, and the softphone's reference pages (a manifest resource with `"generated"`)
 * from the softphone catalogue (catalogue-pages.ts), so they cannot drift from what the API answers.
 */
import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { errorCatalogue, errorMessageKey, type ErrorName } from '@open/protocol/errors';
import { dictionaries } from '@open/protocol/messages/index';
import type { Lang } from '@open/protocol/locales';
import type { Executor } from '../db/executor.js';
import type { CategoryKind } from '../db/schema.js';
import type { CategoryService } from '../content/categories/category.service.js';
import type { ResourceService } from '../content/resources/resource.service.js';
import { cataloguePage } from './catalogue-pages.js';

export const SEED_DOCS_DIR = new URL('../../seed/docs/', import.meta.url);

interface Manifest {
  categories: { key: string; kind: CategoryKind; parent: string | null; sort: number; names: Record<string, string> }[];
  resources: {
    key: string;
    category: string;
    sort: number;
    versions: string[];
    langs: string[];
    /** Generated at seed time from the softphone catalogue (a page of catalogue-pages.ts); no .md files. */
    generated?: string;
  }[];
}

// Any fixed number works; it only has to be the same on every node.
const SEED_CONTENT_LOCK = 7_110_043;

/** `# Title` on the first line, the body after it. */
export function splitTitle(markdown: string, file: string): { title: string; markdown: string } {
  const [first = '', ...rest] = markdown.split('\n');
  const match = /^#\s+(.+)$/.exec(first.trim());
  if (!match?.[1]) throw new Error(`${file}: the first line must be "# Title"`);
  return { title: match[1].trim(), markdown: rest.join('\n').trim() };
}

const ERROR_PAGE_TEXT = {
  'zh-CN': {
    title: '错误码',
    intro:
      '每个失败的调用都返回 `{ code, message, data }`：`code` 不为 0，`message` 是调用方语言的说明。下表由服务端的错误目录生成，与接口的实际返回一致。',
    head: '| 错误码 | HTTP 状态 | 名称 | 说明 |',
  },
  en: {
    title: 'Error codes',
    intro:
      "Every failed call answers `{ code, message, data }`: a non-zero `code` and a `message` in the caller's language. This table is generated from the server's error catalogue, so it always matches what the API answers.",
    head: '| Code | HTTP status | Name | Meaning |',
  },
} as const;

/** The error-code page in one language, from the catalogue and the error dictionary. */
export function errorCodePage(lang: 'zh-CN' | 'en'): { title: string; markdown: string } {
  const text = ERROR_PAGE_TEXT[lang];
  const rows = (Object.keys(errorCatalogue) as ErrorName[]).map((name) => {
    const { code, status } = errorCatalogue[name];
    const message = dictionaries.error[lang as Lang][errorMessageKey(name)]
      .replaceAll('|', '\\|')
      .replace(/\{\{\s*(\w+)\s*\}\}/g, '<$1>');
    return `| ${code} | ${status} | \`${name}\` | ${message} |`;
  });
  return { title: text.title, markdown: [text.intro, '', text.head, '|---|---|---|---|', ...rows].join('\n') };
}

export interface SeedDocsDeps {
  db: Executor;
  categories: CategoryService;
  resources: ResourceService;
}

/** Seeds the documentation once; answers whether it did. Safe when several nodes start together. */
export async function seedDocsIfEmpty({ db, categories, resources }: SeedDocsDeps): Promise<boolean> {
  if (await db.selectFrom('category').select('id').limit(1).executeTakeFirst()) return false;
  const manifest = JSON.parse(await readFile(new URL('manifest.json', SEED_DOCS_DIR), 'utf8')) as Manifest;
  const bodies = new Map<string, { title: string; markdown: string }>();
  for (const resource of manifest.resources) {
    for (const lang of resource.langs) {
      const file = `${resource.key}.${lang}.md`;
      bodies.set(
        file,
        resource.generated === undefined
          ? splitTitle(await readFile(new URL(file, SEED_DOCS_DIR), 'utf8'), file)
          : cataloguePage(resource.generated, lang),
      );
    }
  }
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_CONTENT_LOCK})`.execute(trx);
    if (await trx.selectFrom('category').select('id').limit(1).executeTakeFirst()) return false;
    const versions = await trx.selectFrom('version').select(['id', 'name']).execute();
    const versionId = new Map(versions.map((v) => [v.name, v.id]));
    const categoryId = new Map<string, string>();
    for (const category of manifest.categories) {
      const parent = category.parent === null ? null : (categoryId.get(category.parent) ?? null);
      const id = await categories.create(trx, {
        parent_id: parent,
        kind: category.kind,
        status: 2,
        sort: category.sort,
        names: category.names,
      });
      categoryId.set(category.key, id);
    }
    const known = (names: string[]) => names.flatMap((name) => versionId.get(name) ?? []);
    for (const resource of manifest.resources) {
      const category = categoryId.get(resource.category);
      if (!category) throw new Error(`seed: resource ${resource.key} names an unknown category ${resource.category}`);
      await resources.create(trx, {
        category_id: category,
        status: 2,
        sort: resource.sort,
        version_ids: known(resource.versions),
        locales: resource.langs.map((lang) => ({
          lang,
          ...(bodies.get(`${resource.key}.${lang}.md`) ?? { title: '', markdown: '' }),
        })),
      });
    }
    // The error codes, generated: in the reference category when there is one, else the last.
    const reference =
      categoryId.get('reference') ??
      categoryId.get(manifest.categories.filter((c) => c.kind === 'docs').at(-1)?.key ?? '');
    if (reference) {
      await resources.create(trx, {
        category_id: reference,
        status: 2,
        sort: 1000,
        version_ids: [...versionId.values()],
        locales: (['zh-CN', 'en'] as const).map((lang) => ({ lang, ...errorCodePage(lang) })),
      });
    }
    return true;
  });
}
