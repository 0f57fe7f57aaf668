import type { Lang } from '../locales.js';
import type { Namespace } from './namespaces.js';
import agentLogin from './agentLogin/index.js';
import type { AgentLoginMessages, default as agentLoginEn } from './agentLogin/en.js';
import cms from './cms/index.js';
import type { CmsMessages, default as cmsEn } from './cms/en.js';
import demo from './demo/index.js';
import type { DemoMessages, default as demoEn } from './demo/en.js';
import diagnose from './diagnose/index.js';
import type { DiagnoseMessages, default as diagnoseEn } from './diagnose/en.js';
import doc from './doc/index.js';
import type { DocMessages, default as docEn } from './doc/en.js';
import error from './error/index.js';
import type { ErrorMessages, default as errorEn } from './error/en.js';
import shell from './shell/index.js';
import type { ShellMessages, default as shellEn } from './shell/en.js';
import softphone from './softphone/index.js';
import type { SoftphoneMessages, default as softphoneEn } from './softphone/en.js';

export { isNamespace, namespaces, type Namespace } from './namespaces.js';
export type { ErrorKey } from './error/en.js';

/** The messages of each namespace, typed by its English reference. */
export interface NamespaceMessages {
  shell: ShellMessages;
  doc: DocMessages;
  cms: CmsMessages;
  demo: DemoMessages;
  diagnose: DiagnoseMessages;
  agentLogin: AgentLoginMessages;
  softphone: SoftphoneMessages;
  error: ErrorMessages;
}

/** The keys of the namespaces N. */
export type KeyOf<N extends Namespace> = { [M in N]: keyof NamespaceMessages[M] }[N];
/** Every key of every namespace. */
export type MessageKey = KeyOf<Namespace>;
/** One flat dictionary holding every namespace. */
export type Messages = Record<MessageKey, string>;

/** The English texts themselves (literal types), for clients that type their `t` from them. */
type Merged<T> = { readonly [K in keyof T]: T[K] };
export type ReferenceMessages = Merged<
  typeof shellEn &
    typeof docEn &
    typeof cmsEn &
    typeof demoEn &
    typeof diagnoseEn &
    typeof agentLoginEn &
    typeof softphoneEn &
    typeof errorEn
>;

/** Every dictionary by namespace and language, for the server: it serves them and translates its errors. */
export const dictionaries: { readonly [N in Namespace]: Readonly<Record<Lang, NamespaceMessages[N]>> } = {
  shell,
  doc,
  cms,
  demo,
  diagnose,
  agentLogin,
  softphone,
  error,
};

/** The namespaces `ns` of one language, merged into one flat dictionary (keys never collide: each starts with its namespace). */
export function dictionaryOf<N extends Namespace>(lang: Lang, ns: readonly N[]): Record<KeyOf<N>, string> {
  return Object.assign({}, ...ns.map((name) => dictionaries[name][lang])) as Record<KeyOf<N>, string>;
}

/** Replaces each {{name}} with its value; an unknown name stays visible rather than vanishing. */
export function interpolate(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
