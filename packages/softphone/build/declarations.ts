/**
 * Writes the SDK's TypeScript declarations (dist/sdk/softphone.d.ts) from the catalogue and its
 * shapes, so an integrator's editor knows every init parameter, every method with its parameters
 * and result, every event with its payload, and every object inside them, with the English
 * descriptions. Everything is generated: an event or method added to the catalogue is declared
 * at the next build, and nothing here can drift from what the SDK checks.
 */
import type { Plugin } from 'vite';
import en from '../../protocol/src/messages/softphone/en.ts';
import {
  events,
  initParams,
  methods,
  type ParamDefinition,
  type ParamType,
} from '../../protocol/src/softphone/catalogue.ts';
import { shapeNames, shapes, type ShapeField, type ShapeName } from '../../protocol/src/softphone/shapes.ts';
import type { ParamIssue } from '../../protocol/src/softphone/validate.ts';
import { errorCatalogue } from '../../protocol/src/errors.ts';

const describe = (key: string): string => (en as Record<string, string>)[key] ?? '';

/** What a field, a parameter or a payload field says of its type. */
interface Typed {
  readonly type: ParamType;
  readonly values?: readonly string[];
  readonly shape?: ShapeName;
  readonly list?: boolean;
  readonly nullable?: boolean;
}

/** Every reason `validateParams` may give, with what it means; a reason added there must be added here. */
const issueReasons: Readonly<Record<ParamIssue['reason'], string>> = {
  required: 'missing',
  wrongType: 'of the wrong type',
  notAllowed: 'a value not allowed',
  tooLong: 'too long (max: the most characters, counted as code points)',
  tooMany: 'more keys than attached data may hold (max)',
  emptyKey: 'attached data with an empty key',
  badCharacter: 'text holding U+0000 or a lone surrogate, which nothing can store',
  outOfRange: 'out of range',
  unknown: 'not a parameter of the method',
};

/** What `ready` resolves with: the engine's ready frame, whose agent carries their calls (after a reload, say). */
const readyShapes = { agent: 'PhoneState', tenant: 'TenantInfo' } as const satisfies Record<string, ShapeName>;

function baseType(typed: Typed): string {
  switch (typed.type) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      return 'number';
    case 'enum':
      return (typed.values ?? []).map((value) => JSON.stringify(value)).join(' | ') || 'string';
    case 'record':
      return 'Record<string, string>';
    case 'object':
      // An object whose shape the catalogue does not name yet (the protocol's tests require one).
      return typed.shape ?? 'Record<string, unknown>';
  }
}

export function typeOf(typed: Typed): string {
  let text = baseType(typed);
  if (typed.list) text = typed.type === 'enum' ? `(${text})[]` : `${text}[]`;
  if (typed.nullable) text += ' | null';
  return text;
}

/** A JSDoc line, kept from closing itself early. */
const doc = (text: string, indent: string): string =>
  text === '' ? '' : `${indent}/** ${text.replaceAll('*/', '*\\/')} */\n`;

const key = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

function paramLine(param: ParamDefinition, indent: string): string {
  const fallback = param.default === undefined ? '' : ` Default: ${JSON.stringify(param.default)}.`;
  return `${doc(describe(param.description) + fallback, indent)}${indent}${key(param.name)}${param.required ? '' : '?'}: ${typeOf(param)};`;
}

const shapeFieldLine = (field: ShapeField, indent: string): string =>
  `${doc(describe(field.description), indent)}${indent}${key(field.name)}${field.optional ? '?' : ''}: ${typeOf(field)};`;

/** An object type of parameters or payload fields; none: an object with nothing in it. */
const objectOf = (params: readonly ParamDefinition[], indent: string): string =>
  params.length === 0
    ? 'Record<string, never>'
    : `{\n${params.map((param) => paramLine(param, `${indent}  `)).join('\n')}\n${indent}}`;

function shapeDeclaration(name: ShapeName): string {
  const shape = shapes[name];
  const head = doc(describe(shape.description), '');
  if (shape.fields.length === 0 && shape.extends === undefined)
    return `${head}export type ${name} = Record<string, never>;`;
  const extending = shape.extends === undefined ? '' : ` extends ${shape.extends}`;
  const body = shape.fields.map((field) => shapeFieldLine(field, '  ')).join('\n');
  return `${head}export interface ${name}${extending} {\n${body}\n}`;
}

const methodEntry = (method: (typeof methods)[number]): string =>
  `${doc(describe(method.description), '  ')}  ${key(method.name)}: {\n    params: ${objectOf(method.params, '    ')};\n    result: ${method.result};\n  };`;

const eventEntry = (event: (typeof events)[number]): string =>
  `${doc(describe(event.description), '  ')}  ${key(event.name)}: ${objectOf(event.payload, '  ')};`;

function phoneMethod(method: (typeof methods)[number]): string {
  const optional = method.params.every((param) => !param.required);
  const role = method.role === undefined ? '' : ` Only for agents whose role is ${method.role}.`;
  return `${doc(describe(method.description) + role, '  ')}  ${key(method.name)}(params${optional ? '?' : ''}: SoftphoneMethods['${method.name}']['params']): Promise<${method.result}>;`;
}

export function declarations(): string {
  const reasons = Object.keys(issueReasons) as ParamIssue['reason'][];
  return `// Generated from the softphone catalogue by packages/softphone/build/declarations.ts.
// Served beside the SDK: <serverUrl>/dzfront/open/client/sdk/softphone.d.ts.

// ---------------------------------------------------------------------------------------------
// The objects the phone hands over: in event payloads and as methods' results.

${shapeNames.map(shapeDeclaration).join('\n\n')}

// ---------------------------------------------------------------------------------------------
// Init parameters, events and methods.

export interface SoftphoneInitOptions {
  /** Where the phone's iframe goes: a CSS selector or an element of your page. */
  container: string | HTMLElement;
${initParams.map((param) => paramLine(param, '  ')).join('\n')}
}

/** Each event of the phone and the payload its handlers receive. */
export interface SoftphoneEvents {
${events.map(eventEntry).join('\n')}
}

/** The names of the phone's events. */
export type SoftphoneEventName = keyof SoftphoneEvents;

/** What a handler of '*' receives: any event, as its name and its payload. Check name to narrow data. */
export type SoftphoneAnyEvent = {
  [K in keyof SoftphoneEvents]: { name: K; data: SoftphoneEvents[K] };
}[keyof SoftphoneEvents];

/** Each method of the phone: its parameters and what its Promise resolves with. */
export interface SoftphoneMethods {
${methods.map(methodEntry).join('\n')}
}

/** The names of the phone's methods. */
export type SoftphoneMethodName = keyof SoftphoneMethods;

/** The parameters call() takes after a method's name: optional when none is required. */
export type SoftphoneMethodArgs<M extends keyof SoftphoneMethods> = {} extends SoftphoneMethods[M]['params']
  ? [params?: SoftphoneMethods[M]['params']]
  : [params: SoftphoneMethods[M]['params']];

// ---------------------------------------------------------------------------------------------
// Errors.

/** A refused parameter, in data.issues of an invalidParams error. */
export interface SoftphoneParamIssue {
  /** The parameter's name. */
  param: string;
  /** Why: ${reasons.map((reason) => `${reason} (${issueReasons[reason]})`).join(', ')}. */
  reason: ${reasons.map((reason) => JSON.stringify(reason)).join(' | ')};
  /** In attached data: the key at fault. */
  key?: string;
  /** The bound that was passed: characters for tooLong, keys for tooMany. */
  max?: number;
}

/** Every catalogued error by name, with its code: error.code === errorCodes.connectionDown. */
export declare const errorCodes: {
${Object.entries(errorCatalogue)
  .map(([name, definition]) => `  readonly ${name}: ${definition.code};`)
  .join('\n')}
};

/** The name of a catalogued error. */
export type SoftphoneErrorName = keyof typeof errorCodes;

/** Details of an error: data.issues for refused parameters; some errors carry other details. */
export interface SoftphoneErrorData {
  /** invalidParams: each refused parameter. */
  issues?: SoftphoneParamIssue[];
  /**
   * Why, where the error has several causes: extensionUnavailable ('offline', 'unreachable',
   * 'busy', 'unknown'), sessionEnded ('signedOut', 'serverRestarted', 'disabled', 'tokenRefused', 'takenOver',
   * 'closed', 'destroyed'), transferFailed ('busy', 'noAnswer').
   */
  reason?: string;
  /** frameTooLarge: the most bytes a request may take. */
  max?: number;
  /** A number the dial plan refused (numberBlocked, premiumNumberBlocked, internationalNotAllowed). */
  number?: string;
  /** illegalCallState: the call's state that did not allow the method. */
  state?: string;
  // unknown: each error of the error catalogue may carry details of its own.
  [detail: string]: unknown;
}

/**
 * A refused parameter or call, and what a method's Promise rejects with: the catalogued code
 * (see 'Error codes'), a message in the phone's language, and details.
 */
export declare class SoftphoneError extends Error {
  constructor(code: number, message: string, data?: SoftphoneErrorData | null);
  readonly name: 'SoftphoneError';
  /** The error's code from the error catalogue. */
  readonly code: number;
  /** The catalogue's name for the code; null for a code it does not have. */
  readonly errorName: SoftphoneErrorName | null;
  /** Details, such as data.issues for refused parameters; null when there are none. */
  readonly data: SoftphoneErrorData | null;
}

// ---------------------------------------------------------------------------------------------
// The phone.

/** What ready resolves with: the agent and the tenant the phone signed in as. */
export interface SoftphoneReady {
${Object.entries(readyShapes)
  .map(([name, shape]) => `  ${name}: ${shape};`)
  .join('\n')}
}

export interface SoftphonePhone {
  /**
   * Resolves when the phone has signed in. Rejects with a SoftphoneError when its login fails,
   * when its page does not load (cannotSend), or when the server cannot be reached
   * (connectionDown: the phone keeps trying, and connectionRestored fires when it has signed in).
   */
  readonly ready: Promise<SoftphoneReady>;
  /** Runs a method by name: phone.call('dialOut', { number }) is phone.dialOut({ number }). */
  call<M extends keyof SoftphoneMethods>(
    method: M,
    ...params: SoftphoneMethodArgs<M>
  ): Promise<SoftphoneMethods[M]['result']>;
  /** Listens to an event; the handler receives its payload. */
  on<K extends keyof SoftphoneEvents>(event: K, handler: (payload: SoftphoneEvents[K]) => void): void;
  /** Listens to every event: the handler receives { name, data }. */
  on(event: '*', handler: (event: SoftphoneAnyEvent) => void): void;
  /** Stops a handler listening; without a handler, every handler of the event. */
  off<K extends keyof SoftphoneEvents>(event: K, handler?: (payload: SoftphoneEvents[K]) => void): void;
  off(event: '*', handler?: (event: SoftphoneAnyEvent) => void): void;
  /**
   * Removes the phone: it hangs up its calls and closes its session first (within 3 s), so
   * nobody on a call waits in silence. Waiting calls reject, and init() may be called again.
   */
  destroy(): void;
  /** What the SDK did for this phone (its last 500 entries, oldest first), to attach to a support request. */
  exportLog(): SoftphoneLogEntry[];
${methods.map(phoneMethod).join('\n')}
}

/** One entry of the SDK's log (see the init parameter logLevel). No token, payload or attached data. */
export interface SoftphoneLogEntry {
  /** ISO 8601, the page's clock. */
  at: string;
  level: 'error' | 'warn' | 'info' | 'debug';
  message: string;
  /** Names, codes, ids, times and the init parameters. */
  data?: Record<string, string | number | boolean | null>;
}

/** Starts the phone; throws a SoftphoneError naming each bad parameter. One phone at a time. */
export declare function init(options: SoftphoneInitOptions): SoftphonePhone;

/** What <script src="<serverUrl>/dzfront/open/client/sdk/softphone.js"> defines. */
export interface SoftphoneGlobal {
  init: typeof init;
  SoftphoneError: typeof SoftphoneError;
  errorCodes: typeof errorCodes;
}

declare global {
  interface Window {
    Softphone: SoftphoneGlobal;
  }
  /** The script tag's global, as the page's own scripts name it: Softphone.init({ ... }). */
  var Softphone: SoftphoneGlobal;
}
`;
}

/** Emits softphone.d.ts beside the SDK's bundles. */
export function sdkDeclarations(): Plugin {
  let emitted = false;
  return {
    name: 'softphone-declarations',
    generateBundle() {
      // The library build runs once per format; the declarations are the same for both.
      if (emitted) return;
      emitted = true;
      this.emitFile({ type: 'asset', fileName: 'softphone.d.ts', source: declarations() });
    },
  };
}
