/**
 * The init parameters the demo page's forms set, besides serverUrl and token (which come from the
 * login): their values, defaults from the catalogue, kept in localStorage like the serverUrls.
 */
import { isLang } from '@open/protocol/locales';
import { initParams, type ParamDefinition } from '@open/protocol/softphone/catalogue';

export type ConfigValue = string | boolean;
export type DemoConfig = Readonly<Record<string, ConfigValue>>;

const CONFIG_KEY = 'open.demo.params';
/** Set by the login section, not by a field of the parameter forms. */
export const LOGIN_PARAMS: ReadonlySet<string> = new Set(['serverUrl', 'token']);

/** The parameters of the dial-pad configuration (what the phone shows); the rest are connection ones. */
export const DIAL_PAD_PARAMS: ReadonlySet<string> = new Set(
  initParams.filter((p) => p.type === 'boolean').map((p) => p.name),
);

function defaultOf(param: ParamDefinition): ConfigValue {
  return param.type === 'boolean' ? param.default === true : typeof param.default === 'string' ? param.default : '';
}

export const defaultConfig: DemoConfig = Object.fromEntries(
  initParams.filter((p) => !LOGIN_PARAMS.has(p.name)).map((p) => [p.name, defaultOf(p)]),
);

/** The saved values, each checked against its definition; anything else takes its default. */
export function loadConfig(storage: Pick<Storage, 'getItem'>): DemoConfig {
  let saved: unknown;
  try {
    saved = JSON.parse(storage.getItem(CONFIG_KEY) ?? 'null');
  } catch {
    return defaultConfig;
  }
  if (typeof saved !== 'object' || saved === null) return defaultConfig;
  const given = saved as Record<string, unknown>;
  const config: Record<string, ConfigValue> = { ...defaultConfig };
  for (const param of initParams) {
    const value = given[param.name];
    if (LOGIN_PARAMS.has(param.name)) continue;
    if (param.type === 'boolean' && typeof value === 'boolean') config[param.name] = value;
    if (param.type === 'string' && typeof value === 'string' && value.length <= (param.max ?? Infinity))
      config[param.name] = value;
    // An enum (lang) keeps a saved value the catalogue still allows; '' is 'not set'.
    if (param.type === 'enum' && typeof value === 'string' && (value === '' || param.values?.includes(value)))
      config[param.name] = value;
  }
  return config;
}

export function saveConfig(storage: Pick<Storage, 'setItem'>, config: DemoConfig): void {
  try {
    storage.setItem(CONFIG_KEY, JSON.stringify(config));
  } catch {
    // Refused storage: the values still hold for this visit.
  }
}

/**
 * The values the phone starts with: an unset `lang` becomes the page's language, so the phone and
 * its method results speak what the person reads (the phone's own default is the tenant's). A
 * language picked in the form wins.
 */
export function effectiveConfig(config: DemoConfig, pageLang: string): DemoConfig {
  if (config.lang !== '' || !isLang(pageLang)) return config;
  return { ...config, lang: pageLang };
}

/** The parameters `init` gets: empty strings left out, so the phone takes its own default. */
export function initParamsOf(config: DemoConfig, pageLang: string): Record<string, ConfigValue> {
  return Object.fromEntries(Object.entries(effectiveConfig(config, pageLang)).filter(([, value]) => value !== ''));
}

/**
 * Only what differs from the defaults, for the integration code: shorter, and what the demo's
 * phone runs with (the page's language included, which the phone would not pick by itself).
 */
export function changedParams(config: DemoConfig, pageLang: string): Record<string, ConfigValue> {
  return Object.fromEntries(
    Object.entries(effectiveConfig(config, pageLang)).filter(
      ([name, value]) => value !== '' && value !== defaultConfig[name],
    ),
  );
}
