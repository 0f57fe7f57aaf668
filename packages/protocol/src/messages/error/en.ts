/**
 * The `error` namespace: the messages of the error catalogue (errors.ts), which the server
 * translates for the caller (keys error.<name> and error.field.<reason>). This reference
 * dictionary's keys are the type every other language of the namespace must satisfy. Placeholders
 * are written {{name}} and must survive translation unchanged.
 */
const en = {
  'error.badJson': 'The request body is not valid JSON.',
  'error.badUrl': 'The address of this request is not valid.',
  'error.badRequest': 'The request could not be read. Please send it again.',
  'error.crossSiteRequest':
    'This request came from another site and was refused. Open the page on this server and try again.',
  'error.requestTimeout': 'The request took too long to arrive and was cancelled. Check your connection and try again.',
  'error.invalidField': 'The request has an invalid field: {{detail}}',
  'error.notLoggedIn': 'Please sign in first.',
  'error.wrongCredentials': 'Wrong account or password.',
  'error.apiNotFound': 'There is no API at {{path}}.',
  'error.notFound': 'Nothing was found at {{path}}.',
  'error.versionNotFound': 'This version does not exist. It may have been deleted.',
  'error.versionNameTaken': 'A version with this name already exists.',
  'error.defaultVersionRequired': 'One version must stay the default. Make another version the default instead.',
  'error.concurrentUpdate': 'Someone else changed this at the same moment. Reload and try again.',
  'error.bodyTooLarge': 'The request is too large (at most {{max}} bytes).',
  'error.unsupportedMediaType': 'Send the request as JSON (Content-Type: application/json).',
  'error.tooManyLoginAttempts': 'Too many failed sign-ins. Try again in {{minutes}} minutes.',
  'error.internal': 'Something went wrong on the server. Please try again.',

  'error.field.required': '“{{field}}” is required.',
  'error.field.tooLong': '“{{field}}” must be at most {{max}} characters.',
  'error.field.tooShort': '“{{field}}” must be at least {{min}} characters.',
  'error.field.tooBig': '“{{field}}” must be at most {{max}}.',
  'error.field.tooSmall': '“{{field}}” must be at least {{min}}.',
  'error.field.wrongType': '“{{field}}” has the wrong type of value.',
  'error.field.unknown': '“{{field}}” is not a field of this request.',
  'error.field.notAllowed': '“{{field}}” has a value that is not allowed.',
  'error.field.badCharacter': '“{{field}}” contains a character that is not allowed.',
  'error.resourceNotFound': 'This document does not exist or is not published.',
  'error.accountDisabled': 'This account has been disabled. Ask an administrator to enable it.',
  'error.forbidden': 'Your role does not allow this. Ask an administrator.',
  'error.passwordChangeRequired': 'Change the demo password before you continue.',
  'error.attachmentNotFound': 'This attachment does not exist. It may have been deleted.',
  'error.accountNotFound': 'This account does not exist. It may have been deleted.',
  'error.staleRevision': 'Someone else saved this after you opened it. Compare the two versions before saving again.',
  'error.categoryNotEmpty': 'This category still holds categories or documents. Move or delete them first.',
  'error.illegalStatusChange':
    'This status change is not allowed. Publish an unpublished or offline item; take a published one offline.',
  'error.categoryCycle': 'A category cannot be moved under itself or one of its own sub-categories.',
  'error.attachmentInUse': 'A document still links to this attachment. Remove the link first.',
  'error.accountTaken': 'An account with this name already exists.',
  'error.lastAdmin': 'This is the last active administrator. Make another account an administrator first.',
  'error.sortMismatch': 'The list changed while you were sorting it. Reload and try again.',
  'error.attachmentTooLarge': 'The file is too large (at most {{max}} MB).',
  'error.unsupportedFileType':
    'This kind of file cannot be attached. Use an image, PDF, text, Markdown, CSV or ZIP file.',
  'error.categoryNotFound': 'This category does not exist or is not published.',
} as const;

export type ErrorKey = keyof typeof en;
export type ErrorMessages = Record<ErrorKey, string>;

export default en satisfies ErrorMessages;
