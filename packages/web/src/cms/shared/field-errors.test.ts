import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { fieldErrorsOf, formPath } from './field-errors';

const invalid = (...issues: { field: string; message: string }[]) => ({
  code: errorCatalogue.invalidField.code,
  message: 'Some fields are not valid.',
  data: { issues: issues.map((issue) => ({ ...issue, reason: 'tooLong' })) },
});

describe('field errors', () => {
  it('names server fields as the form does', () => {
    expect(formPath('name')).toEqual(['name']);
    expect(formPath('not_ready_reasons.2.id')).toEqual(['not_ready_reasons', 2, 'id']);
    expect(formPath('display_numbers.3', ['display_numbers'])).toEqual(['display_numbers']);
  });

  it("puts each issue of an invalidField answer on the form's field, list items included", () => {
    const error = invalid(
      { field: 'name', message: 'Too long.' },
      { field: 'not_ready_reasons.1.id', message: 'Not allowed.' },
    );
    expect(fieldErrorsOf(error, ['name', 'not_ready_reasons'])).toEqual([
      { name: ['name'], errors: ['Too long.'] },
      { name: ['not_ready_reasons', 1, 'id'], errors: ['Not allowed.'] },
    ]);
  });

  it('leaves out issues about fields the form does not have, and places nothing when none is left', () => {
    const error = invalid({ field: 'name', message: 'Too long.' }, { field: 'tenant_id', message: 'Required.' });
    expect(fieldErrorsOf(error, ['name'])).toEqual([{ name: ['name'], errors: ['Too long.'] }]);
    expect(fieldErrorsOf(invalid({ field: 'tenant_id', message: 'Required.' }), ['name'])).toEqual([]);
    expect(fieldErrorsOf({ ...invalid(), data: {} }, ['name'])).toEqual([]);
  });

  it('stops a path into a field shown whole at that field', () => {
    const error = invalid({ field: 'display_numbers.3', message: 'Too long.' });
    expect(fieldErrorsOf(error, ['display_numbers'], { whole: ['display_numbers'] })).toEqual([
      { name: ['display_numbers'], errors: ['Too long.'] },
    ]);
  });

  it('puts a catalogued refusal on the field the form maps it to, with the server message', () => {
    const taken = { code: errorCatalogue.versionNameTaken.code, message: 'Name taken.', data: null };
    expect(fieldErrorsOf(taken, ['name'], { fieldOf: { versionNameTaken: 'name' } })).toEqual([
      { name: ['name'], errors: ['Name taken.'] },
    ]);
    // Not mapped by this form: a message, not a field error.
    expect(fieldErrorsOf(taken, ['name'])).toEqual([]);
  });

  it('puts agentTaken on the field its answer names', () => {
    const taken = { code: errorCatalogue.agentTaken.code, message: 'Taken.', data: { field: 'email' } };
    expect(fieldErrorsOf(taken, ['email'])).toEqual([{ name: ['email'], errors: ['Taken.'] }]);
    expect(fieldErrorsOf({ ...taken, data: null }, ['email'])).toEqual([]);
  });

  it('places nothing for refusals about no field and for failures that are not answers', () => {
    const stale = { code: errorCatalogue.staleRevision.code, message: 'Changed.', data: null };
    expect(fieldErrorsOf(stale, ['name'])).toEqual([]);
    expect(fieldErrorsOf(new TypeError('Failed to fetch'), ['name'])).toEqual([]);
  });
});
