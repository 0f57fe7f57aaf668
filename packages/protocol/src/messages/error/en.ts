/**
 * The `error` namespace: the messages of the error catalogue (errors.ts), which the server
 * translates for the caller (keys error.<name> and error.field.<reason>). This reference
 * dictionary's keys are the type every other language of the namespace must satisfy. Placeholders
 * are written {{name}} and must survive translation unchanged.
 */
const en = {
  'error.badJson': 'The request body is not valid JSON.',
  'error.badUrl': 'The address of this request is not valid.',
  'error.missingHost': 'This request has no Host header, which HTTP/1.1 requires.',
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
  'error.tooManyLoginAttempts': 'Too many failed sign-ins. Try again in {{seconds}} s.',
  'error.diagTransferLimit':
    'This address has used its share of the bandwidth test for now. Try again in {{seconds}} s.',
  'error.internal': 'Something went wrong on the server. Please try again.',
  'error.databaseUnavailable': 'The database cannot be reached at the moment. Please try again in a few seconds.',
  'error.serverStopping': 'The server is restarting. Please try again in a few seconds.',
  'error.callCentreUnavailable': 'The call centre is moving to another server. Please try again in a few seconds.',
  'error.socketMissing': 'Socket instance does not exist. Start the phone with init() first.',
  'error.cannotSend': 'Unable to send messages: the phone is not loaded yet.',
  'error.connectionDown': 'The connection is down or unavailable. The phone is reconnecting; try again in a moment.',
  'error.sessionEnded':
    'The phone’s session has ended (signed out, taken over in another tab, or closed), so it takes no more requests. Start the phone again, or take the agent back.',
  'error.phoneNotReady':
    'The phone has not signed in yet, so the request was not sent. Wait until the phone is ready and try again.',
  'error.engineTimeout':
    'The call centre did not answer in time, so the outcome is unknown. Check the phone’s state, then try again.',

  'error.ssoTokenInvalid': 'Failed to obtain SSO signature: the SSO public-key token is not valid.',
  'error.ssoAccountUnknown': 'Failed to obtain SSO signature: no agent of this tenant has this account.',
  'error.ssoSignatureInvalid':
    'Failed to obtain the login token through the Basic service. The SSO signature is not valid or has expired; ask for a new one.',
  'error.ssoSignatureUsed':
    'Failed to obtain the login token through the Basic service. This SSO signature has already been used; ask for a new one.',
  'error.basicLoginFailed':
    'Failed to obtain the login token through the Basic service. Check the account and the password.',
  'error.agentDisabled': 'Failed to obtain the login token through the Basic service. This agent account is disabled.',
  'error.accountAmbiguous': 'This employee number exists in several tenants. Sign in with your e-mail address.',
  'error.loginTokenInvalid': 'Login authentication failed: the login token is not valid. Sign in again.',
  'error.loginTokenExpired': 'Login authentication failed: the login token has expired. Sign in again.',
  'error.loginTokenUsed': 'Login authentication failed: this login token has already been used. Get a new one.',
  'error.socketAuthFailed': 'Socket authentication failed.',
  'error.sessionGone': 'The session could not be resumed because it has ended. Sign in again.',
  'error.badFrame': 'The message could not be read: it is not a message of the softphone protocol.',
  'error.unknownMethod': 'There is no method named “{{method}}”.',
  'error.invalidParams': 'Some parameters are not valid: {{detail}}',
  'error.checkInNotAllowed': 'Check-in failed: this agent is not allowed to check in.',
  'error.checkInNoExtension': 'Check-in failed: this agent has no extension. Ask an administrator to assign one.',
  'error.notCheckedIn': 'Check in first.',
  'error.alreadyCheckedIn': 'The agent is already checked in.',
  'error.illegalAgentStatus': 'The agent cannot check out during a call. Finish the call first.',
  'error.unknownReason': 'This not-ready reason is not in the tenant’s list.',
  'error.unknownWrapUpCode': 'This wrap-up code is not in the tenant’s list.',
  'error.frameTooLarge': 'The message is too large.',
  'error.tooManyFrames': 'Too many messages in a short time. The connection was closed; it will reconnect.',
  'error.invalidNumber': 'This number cannot be dialled. Check it and try again.',
  'error.callNotFound': 'This call does not exist any more.',
  'error.agentInCall': 'The agent is already in a call.',
  'error.illegalCallState': 'This cannot be done with the call in its current state.',
  'error.transferFailed': 'The transfer failed: the external number did not take the call.',
  'error.trunkTransferUnsupported':
    'A call on the SIP trunk can be passed to a colleague or the queue, not yet to an outside number.',
  'error.extensionUnavailable':
    'That extension cannot take a call now: the colleague is offline, in a call, or the extension is not assigned.',
  'error.internalCallNotAllowed': 'Calls to colleagues are turned off on this phone.',
  'error.numberBlocked': 'Calls to {{number}} are blocked by your call centre’s dial plan.',
  'error.premiumNumberBlocked':
    '{{number}} is a premium-rate or satellite number, and your call centre’s dial plan does not allow calls to it.',
  'error.internationalNotAllowed':
    '{{number}} is in another country, and your call centre’s dial plan does not let you make international calls.',
  'error.tenantNotFound': 'This tenant does not exist. It may have been deleted.',
  'error.agentNotFound': 'This agent does not exist. It may have been deleted.',
  'error.agentTaken': 'Another agent already uses this value.',
  'error.webhookNotFound': 'This webhook does not exist. It may have been deleted.',
  'error.webhookDeliveryNotFound': 'This delivery is no longer in the log. Old deliveries are removed after a while.',
  'error.apiKeyInvalid':
    "This API key is missing, unknown or revoked. Send it as 'Authorization: Bearer opk_…', or create a new one in the CMS.",
  'error.apiKeyNotFound': 'This API key does not exist. It may have been revoked already.',
  'error.apiKeyLimit': 'A tenant can have at most {{max}} API keys. Revoke one you no longer use first.',
  'error.eventCursorUnknown':
    "Events after this one are no longer kept (events are kept for 30 days), or it is not this tenant's event. Start again without 'after' and fetch what you missed from your own records.",
  'error.eventStreamLimit': 'This API key already has {{max}} streams open. Close one, or use another key.',
  'error.webhookLimit': 'A tenant can have at most {{max}} webhooks. Remove one you no longer use first.',
  'error.webhookTargetRefused':
    '{{host}} is on this server or a private network, and this server does not send events there. Use an address reachable from the internet, or ask the operator to allow private targets (WEBHOOK_PRIVATE_TARGETS).',
  'error.agentAccountRequired':
    'Give the agent at least an e-mail address, an employee number or a mobile number to sign in with.',

  'error.field.required': '“{{field}}” is required.',
  'error.field.tooLong': '“{{field}}” must be at most {{max}} characters.',
  'error.field.tooShort': '“{{field}}” must be at least {{min}} characters.',
  'error.field.tooBig': '“{{field}}” must be at most {{max}}.',
  'error.field.tooSmall': '“{{field}}” must be at least {{min}}.',
  'error.field.wrongType': '“{{field}}” has the wrong type of value.',
  'error.field.unknown': '“{{field}}” is not a field of this request.',
  'error.field.notAllowed': '“{{field}}” has a value that is not allowed.',
  'error.field.badCharacter': '“{{field}}” contains a character that is not allowed.',
  'error.field.tooMany': '“{{field}}” can hold at most {{max}} entries.',
  'error.field.emptyKey': '“{{field}}” has an entry without a name.',
  'error.field.weakPassword':
    '“{{field}}” is too easy to guess: a common or breached password, repeated or sequential characters, or a word of this service or of the account. A few unrelated words make a strong one.',
  'error.field.reusedPassword': '“{{field}}” must differ from the current password.',
  'error.demoAgentPasswordRefused':
    'This agent still has the published demo password, which works only on a server reachable from this machine alone. Ask an administrator to set a new password in the CMS.',
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
  'error.deviceNotFound':
    'There is no such device in this browser. It may have been unplugged: call getDevices for the current list.',
  'error.outputSelectionUnsupported':
    'This browser cannot choose where sound plays, so only the default output can be used.',
  'error.didTaken': 'The number {{number}} already rings another tenant. A number can reach one tenant only.',
  'error.telephonyNotConfigured':
    'This server has no SIP socket and media relay set up (SIP_LISTEN and RTPENGINE_NG), so a trunk cannot be switched on.',
  'error.secretsKeyMissing':
    "This server has no key to keep passwords encrypted (SECRETS_KEY), so the trunk's password cannot be saved.",
  'error.trunkBusy':
    'Every line of your call centre’s telephone connection is in use. Try again when a call has ended.',
  'error.shortNumberIsExtension':
    '{{number}} is an agent’s extension. As a short number of the dial plan it would go out to the telephone network instead of ringing them: remove it from the list or change the extension.',
  'error.field.duplicate': '“{{field}}” repeats a value already in the list.',
  'error.jsonTooDeep': 'The request body nests lists and objects too deeply (at most {{max}} levels).',
  'error.trunkHostForbidden':
    '{{host}} cannot be a trunk’s host: it is a link-local or cloud metadata address, never a carrier’s SIP server. Enter the address your carrier gave you.',
} as const;

export type ErrorKey = keyof typeof en;
export type ErrorMessages = Record<ErrorKey, string>;

export default en satisfies ErrorMessages;
