import { locales, type Lang } from '@open/protocol/locales';

/** One row of the category dialog: a language and the category's name in it. */
export interface NameRow {
  lang: Lang;
  name: string;
}

/**
 * The language 'Add a language' gives its new row: the first of the product's languages that no
 * row has yet, undefined once every one has a row. A category has one name per language, so a
 * second row of a language would only overwrite the first on save.
 */
export function nextFreeLang(rows: readonly (Partial<NameRow> | undefined)[]): Lang | undefined {
  const used = new Set(rows.map((row) => row?.lang));
  return locales.find((locale) => !used.has(locale.code))?.code;
}

/** The languages row `index` may switch to: its own, and every one no other row has. */
export function langChoices(rows: readonly (Partial<NameRow> | undefined)[], index: number): Lang[] {
  const taken = new Set(rows.filter((_, at) => at !== index).map((row) => row?.lang));
  return locales.map((locale) => locale.code).filter((code) => !taken.has(code));
}
