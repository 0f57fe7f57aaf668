/**
 * Writes the SDK's TypeScript declarations (dist/sdk/softphone.d.ts) from the catalogue, so an
 * integrator's editor knows every init parameter, every method with its parameters and every
 * event name, with the English descriptions, and they can never drift from what the SDK checks.
 */
import type { Plugin } from 'vite';
import en from '../../protocol/src/messages/softphone/en.ts';
import { events, initParams, methods, type ParamDefinition } from '../../protocol/src/softphone/catalogue.ts';

const describe = (key: string) => (en as Record<string, string>)[key] ?? '';

function typeOf(param: ParamDefinition): string {
  switch (param.type) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      return 'number';
    case 'enum':
      return (param.values ?? []).map((value) => JSON.stringify(value)).join(' | ') || 'string';
    case 'object':
      return 'Record<string, unknown>';
  }
}

const field = (param: ParamDefinition, indent: string) => {
  const fallback = param.default === undefined ? '' : ` Default: ${JSON.stringify(param.default)}.`;
  return `${indent}/** ${describe(param.description)}${fallback} */\n${indent}${param.name}${param.required ? '' : '?'}: ${typeOf(param)};`;
};

export function declarations(): string {
  const eventNames = events.map((event) => JSON.stringify(event.name)).join(' | ');
  const methodLines = methods.map((method) => {
    const required = method.params.some((param) => param.required);
    const shape =
      method.params.length === 0
        ? 'Record<string, never>'
        : `{\n${method.params.map((param) => field(param, '      ')).join('\n')}\n    }`;
    return `    /** ${describe(method.description)} */\n    ${method.name}(params${required ? '' : '?'}: ${shape}): Promise<unknown>;`;
  });
  return `// Generated from the softphone catalogue by packages/softphone/build/declarations.ts.

export interface SoftphoneInitOptions {
  /** Where the phone's iframe goes: a CSS selector or an element of your page. */
  container: string | HTMLElement;
${initParams.map((param) => field(param, '  ')).join('\n')}
}

/** The names of the phone's events. */
export type SoftphoneEventName = ${eventNames};

/** A refused parameter or call: the catalogued code, a message and details (data.issues for parameters). */
export declare class SoftphoneError extends Error {
  readonly code: number;
  readonly data: unknown;
}

export interface SoftphonePhone {
  /** Resolves when the phone has signed in; rejects with a SoftphoneError when its login fails. */
  readonly ready: Promise<{ agent: Record<string, unknown>; tenant: Record<string, unknown> }>;
  /** Runs a method by name. */
  call(method: string, params?: Record<string, unknown>): Promise<unknown>;
  /** Listens to an event; '*' receives every event as { name, data }. */
  // any: each event has its own payload (the Events reference lists the fields).
  on(event: SoftphoneEventName | '*', handler: (payload: any) => void): void;
  // any: as for on().
  off(event: SoftphoneEventName | '*', handler?: (payload: any) => void): void;
  /** Removes the phone. */
  destroy(): void;
${methodLines.join('\n')}
}

/** Starts the phone; throws a SoftphoneError naming each bad parameter. One phone at a time. */
export declare function init(options: SoftphoneInitOptions): SoftphonePhone;

declare global {
  interface Window {
    /** Defined by <script src="<serverUrl>/dzfront/open/client/sdk/softphone.js">. */
    Softphone: { init: typeof init; SoftphoneError: typeof SoftphoneError };
  }
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
