import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { events, initParams, methods } from '@open/protocol/softphone/catalogue';
import { fieldsOf, shapeNames, shapes } from '@open/protocol/softphone/shapes';
import { declarations, typeOf } from './declarations.js';

/**
 * An integrator's code against the declarations: what must compile, and, each behind
 * `@ts-expect-error`, what must not. Were a payload, a parameter or a result typed `any`, the
 * misuse below it would compile, its directive would be unused, and the check would fail.
 */
const integratorCode = `
import { errorCodes, init, SoftphoneError, type Call, type SoftphoneErrorName, type SoftphonePhone } from './softphone.js';

const phone: SoftphonePhone = init({ container: '#softphone', serverUrl: 'https://cc.example.com', token: 't' });
const sameSdk: SoftphonePhone = window.Softphone.init({ container: document.body, serverUrl: 'u', token: 't', mini: true });
// The script tag's global by its own name, as a page's scripts write it.
const byGlobal: SoftphonePhone = Softphone.init({ container: '#phone', serverUrl: 'u', token: 't' });

// What must compile.
phone.on('callStatusChange', (payload) => {
  const status: 'ringing' | 'talking' | 'held' | 'ended' = payload.call_status;
  const previous: 'ringing' | 'talking' | 'held' | 'ended' | null = payload.previous;
  console.log(payload.call_id.length, status, previous);
});
phone.on('callDataChange', ({ call }) => {
  const data: Record<string, string> = call.attached_data;
  const from: string | undefined = call.transfer?.from_name;
  const peer: string | null | undefined = call.peer?.extension;
  const mode: 'monitor' | 'insert' | undefined = call.supervisors[0]?.mode;
  console.log(data, from, peer, mode, call.outcome === 'transferred');
});
phone.on('userInfoChange', ({ agent }) => console.log(agent.role === 'supervisor', agent.display_number?.length));
phone.on('tenantInfoChange', ({ tenant }) => console.log(tenant.not_ready_reasons.map((r) => r.name)));
phone.on('rtcSignal', ({ signal }) => console.log(signal.type, signal.sdp, signal.candidate?.sdpMLineIndex));
phone.on('*', (event) => {
  if (event.name === 'agentStatusChange') {
    const status: 'offline' | 'idle' | 'busy' | 'acw' = event.data.status;
    console.log(status);
  }
});
const onStatus = (payload: { call_id: string }) => console.log(payload.call_id);
phone.on('callStatusChange', onStatus);
phone.off('callStatusChange', onStatus);
phone.off('callStatusChange');
phone.off('*');

export async function flow(): Promise<void> {
  const { agent, tenant } = await phone.ready;
  const extension: string | null = agent.extension;
  const callsAtStart: Call[] = agent.calls;
  const acwSeconds: number = tenant.acw_seconds;
  const call: Call = await phone.dialOut({ number: '13800138001', data: { order: '42' } });
  await phone.hangUp({ call_id: call.call_id });
  await phone.hangUp();
  const records = await phone.getCallRecords({ limit: 10 });
  const seconds: number | undefined = records.list[0]?.duration_seconds;
  const colleagues = await phone.call('getColleagues');
  const inCall: boolean | undefined = colleagues.list[0]?.in_call;
  const viaCall: Call = await phone.call('dialOut', { number: '8001' });
  const state = await phone.getState();
  const calls: Call[] = state.calls;
  const shown: boolean = (await phone.setPhoneVisible({ visible: false })).visible;
  await phone.goToPage({ page: 'records' });
  console.log(extension, callsAtStart, acwSeconds, seconds, inCall, viaCall, calls, shown, sameSdk, byGlobal);
  try {
    await phone.setAgentStatus({ status: 'busy', reason_id: 'lunch' });
  } catch (error) {
    if (error instanceof SoftphoneError) {
      const code: number = error.code;
      const issue = error.data?.issues?.[0];
      const reason:
        | 'required'
        | 'wrongType'
        | 'notAllowed'
        | 'tooLong'
        | 'tooMany'
        | 'emptyKey'
        | 'badCharacter'
        | 'outOfRange'
        | 'unknown'
        | undefined = issue?.reason;
      const where: string | undefined = issue?.key;
      const bound: number | undefined = issue?.max;
      const named: SoftphoneErrorName | null = error.errorName;
      const busy: boolean = error.code === errorCodes.extensionUnavailable && error.data?.reason === 'busy';
      console.log(code, error.message, reason, where, bound, named, busy);
    }
  }
  const logged = phone.exportLog();
  const firstAt: string | undefined = logged[0]?.at;
  const down: 50304 = window.Softphone.errorCodes.connectionDown;
  console.log(firstAt, down, init({ container: '#x', serverUrl: 'u', token: 't', logLevel: 'debug' }));
  phone.destroy();
}

// What must not.
// @ts-expect-error -- no such event
phone.on('callStatusChanged', () => undefined);
phone.on('callStatusChange', (payload) => {
  // @ts-expect-error -- the payload has no such field
  console.log(payload.status);
});
phone.on('callDataChange', ({ call }) => {
  // @ts-expect-error -- a call's attached data holds texts
  const n: number = call.attached_data.order;
  // @ts-expect-error -- transfer may be null
  console.log(n, call.transfer.from_name);
});
phone.on('*', (event) => {
  // @ts-expect-error -- not every event has call_id: check the name first
  console.log(event.data.call_id);
});
// @ts-expect-error -- the number is a string
void phone.dialOut({ number: 13800138001 });
// @ts-expect-error -- number is required
void phone.dialOut({});
// @ts-expect-error -- dialOut needs its parameters
void phone.dialOut();
// @ts-expect-error -- attached data holds texts
void phone.dialOut({ number: '1', data: { order: 42 } });
// @ts-expect-error -- not a status one may set
void phone.setAgentStatus({ status: 'away' });
// @ts-expect-error -- no such method
void phone.call('dialout', { number: '1' });
// @ts-expect-error -- dialOut needs its parameters through call() too
void phone.call('dialOut');
// @ts-expect-error -- no such init parameter
init({ container: '#x', serverUrl: 'u', token: 't', colour: 'red' });
// @ts-expect-error -- the token is required
init({ container: '#x', serverUrl: 'u' });
// @ts-expect-error -- not a log level
init({ container: '#x', serverUrl: 'u', token: 't', logLevel: 'verbose' });
// @ts-expect-error -- the codes are read-only
errorCodes.connectionDown = 1;
// @ts-expect-error -- no such error
console.log(errorCodes.connectionDowned);

export async function misuses(): Promise<void> {
  const call = await phone.answer();
  // @ts-expect-error -- a call has no such field
  console.log(call.status);
  const { agent } = await phone.ready;
  // @ts-expect-error -- an agent may have no extension
  const extension: string = agent.extension;
  const records = await phone.getCallRecords();
  // @ts-expect-error -- the records are in list
  console.log(extension, records.length);
}
`;

/** Type-checks the declarations and the integrator's code strictly; the diagnostics, as text. */
async function typeCheck(declarationText: string): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'softphone-dts-'));
  try {
    const files = [path.join(dir, 'softphone.d.ts'), path.join(dir, 'integrator.ts')];
    await writeFile(files[0] ?? '', declarationText);
    await writeFile(files[1] ?? '', integratorCode);
    const program = ts.createProgram(files, {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      noUncheckedIndexedAccess: true,
      // Our declarations are checked; TypeScript's own libraries are not ours to check.
      skipDefaultLibCheck: true,
    });
    return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where =
        diagnostic.file && diagnostic.start !== undefined
          ? `${path.basename(diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1} `
          : '';
      return `${where}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The declarations without their comments, where English words such as "any" may appear. */
const code = (text: string) => text.replace(/\/\*\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

describe('the SDK’s declarations', () => {
  const text = declarations();

  it('declare every init parameter, method (with its parameters and result) and event of the catalogue', () => {
    for (const param of initParams) expect(text).toMatch(new RegExp(`\\n  ${param.name}\\??: `));
    for (const method of methods) {
      expect(text).toContain(`\n  ${method.name}: {\n    params: `);
      expect(text).toContain(`\n  ${method.name}(params`);
      expect(text).toContain(`['params']): Promise<${method.result}>;`);
      for (const param of method.params) expect(text).toMatch(new RegExp(`\\n      ${param.name}\\??: `));
    }
    for (const event of events) {
      expect(text).toMatch(new RegExp(`\\n  ${event.name}: [{R]`));
      for (const field of event.payload) expect(text).toContain(`    ${field.name}: ${typeOf(field)};`);
    }
  });

  it('declare every shape, its fields typed as the shapes say', () => {
    for (const name of shapeNames) {
      expect(text).toMatch(new RegExp(`\\nexport (interface|type) ${name}\\b`));
      for (const field of shapes[name].fields) {
        expect(text).toContain(`  ${field.name}${field.optional ? '?' : ''}: ${typeOf(field)};`);
      }
    }
    expect(text).toContain('export interface PhoneState extends AgentState {');
    expect(fieldsOf('PhoneState').map((f) => f.name)).toEqual([
      ...shapes.AgentState.fields.map((f) => f.name),
      'calls',
    ]);
  });

  it('type enums as their values, nullable fields with null, and mark optional parameters', () => {
    expect(text).toContain('status: "idle" | "busy";');
    expect(text).toContain('mini?: boolean;');
    expect(text).toContain('serverUrl: string;');
    expect(text).toContain('extension: string | null;');
    expect(text).toContain('supervisors: CallSupervisor[];');
    expect(text).toContain('attached_data: Record<string, string>;');
    expect(text).toContain('transfer: CallTransfer | null;');
    expect(text).toContain('  readonly ready: Promise<SoftphoneReady>;');
    expect(typeOf({ type: 'enum', values: ['a', 'b'], list: true, nullable: true })).toBe('("a" | "b")[] | null');
  });

  it('leave nothing typed any, and unknown only for the details errors carry', () => {
    expect(code(text)).not.toMatch(/\bany\b/);
    // The quoted "unknown" is a reason a parameter may be refused for, not a type.
    expect(code(text).match(/(?<!")\bunknown\b(?!")/g)).toEqual(['unknown']);
    expect(text).toContain('  [detail: string]: unknown;');
  });

  describe('used from an integrator’s TypeScript, strictly checked', () => {
    let clean: string[];
    let loose: string[];
    beforeAll(async () => {
      // The same code against declarations whose handlers take any: what the check must catch.
      const withAny = text.replace(
        'on<K extends keyof SoftphoneEvents>(event: K, handler: (payload: SoftphoneEvents[K]) => void): void;',
        'on(event: string, handler: (payload: any) => void): void;',
      );
      expect(withAny).not.toBe(text);
      [clean, loose] = await Promise.all([typeCheck(text), typeCheck(withAny)]);
    }, 60_000);

    it('compile what is right and refuse every misuse', () => {
      expect(clean).toEqual([]);
    });

    it('would let misuses through if handlers took any, so the check above means something', () => {
      expect(loose.filter((d) => d.includes("Unused '@ts-expect-error' directive")).length).toBeGreaterThanOrEqual(3);
    });
  });
});
