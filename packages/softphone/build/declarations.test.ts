import { describe, expect, it } from 'vitest';
import { events, initParams, methods } from '@open/protocol/softphone/catalogue';
import { declarations } from './declarations.js';

describe('the SDK’s declarations', () => {
  const text = declarations();

  it('declare every init parameter, method (with its parameters) and event of the catalogue', () => {
    for (const param of initParams) expect(text).toMatch(new RegExp(`\\n  ${param.name}\\??: `));
    for (const method of methods) {
      expect(text).toContain(`    ${method.name}(params`);
      for (const param of method.params) expect(text).toMatch(new RegExp(`\\n      ${param.name}\\??: `));
    }
    for (const event of events) expect(text).toContain(JSON.stringify(event.name));
  });

  it('type enums as their values and mark optional parameters', () => {
    expect(text).toContain('status: "idle" | "busy";');
    expect(text).toContain('mini?: boolean;');
    expect(text).toContain('serverUrl: string;');
  });
});
