/**
 * The `softphone` namespace: the softphone itself, which the demo page shows and integrators embed.
 * This reference dictionary's keys are the type every other language of the namespace must satisfy.
 * Placeholders are written {{name}} and must survive translation unchanged.
 */
const en = {
  'softphone.title': 'Softphone',

  // Init parameters (spec §3).
  'softphone.param.serverUrl': 'Address of the open platform server the phone loads its files and data from.',
  'softphone.param.token': 'Login token from the Basic service. The phone authenticates its connection with it.',
  'softphone.param.mini': 'Show the compact phone: status and call controls only.',
  'softphone.param.assistantRobot':
    'Show the assistant robot, which suggests answers from the documentation. Works only for agents who have it enabled.',
  'softphone.param.lang':
    'Interface language. Leave it empty for the tenant’s default language, otherwise Simplified Chinese.',
  'softphone.param.statusBar': 'Show the top status bar with the agent status and the connection state.',
  'softphone.param.dialPad': 'Show the dial pad.',
  'softphone.param.internalCall': 'Allow calls to colleagues by extension.',
  'softphone.param.volteVideo': 'Add video to internal calls.',
  'softphone.param.visible': 'Show the phone when it loads. Hide it to keep it running out of sight.',
  // Method parameters.
  'softphone.param.visibleNow': 'True shows the phone, false hides it; a hidden phone keeps running.',
  'softphone.param.displayNumber': 'One of the tenant’s displayed numbers.',
  'softphone.param.rtcCallId': 'The internal call the signal belongs to.',
  'softphone.param.page': 'The page to open: dial pad, call records, directory or assistant robot.',
  'softphone.param.status': 'The agent status to set: idle (ready) or busy (not ready).',
  'softphone.param.reason_id': 'With busy: the not-ready reason, one of the tenant’s list.',
  'softphone.param.number': 'The phone number to call: digits, optionally starting with +.',
  'softphone.param.call_id': 'The call to act on. Leave it out for the current call.',
  'softphone.param.limit': 'How many records to return, at most 100.',
  'softphone.param.agent_id': 'The agent whose call it is.',
  'softphone.param.signal': 'The WebRTC session description or ICE candidate, as the browser gives it.',

  // Methods (spec §4).
  'softphone.method.setPhoneVisible': 'Shows or hides the phone.',
  'softphone.method.goToPage': 'Opens a page of the phone.',
  'softphone.method.login': 'Checks the agent in, ready or not ready.',
  'softphone.method.logout': 'Checks the agent out.',
  'softphone.method.setAgentStatus': 'Sets the agent status.',
  'softphone.method.dialOut': 'Calls a phone number.',
  'softphone.method.answer': 'Answers the ringing call.',
  'softphone.method.hangUp': 'Hangs up the call.',
  'softphone.method.mute': 'Mutes the microphone in the call.',
  'softphone.method.unmute': 'Unmutes the microphone in the call.',
  'softphone.method.pause': 'Puts the call on hold.',
  'softphone.method.unpause': 'Takes the call off hold.',
  'softphone.method.transferExternal': 'Transfers the call to an external number.',
  'softphone.method.setDisplayNumber':
    'Chooses the number shown to the people the agent calls, from the tenant’s list.',
  'softphone.method.getState': 'Returns the agent’s current state and calls.',
  'softphone.method.getCallRecords': 'Returns the agent’s latest calls, newest first.',
  'softphone.method.getColleagues': 'Returns the colleagues of the tenant with their extensions and live status.',
  'softphone.method.monitor': 'Supervisors: listen to an agent’s call without being heard.',
  'softphone.method.insert': 'Supervisors: join an agent’s call, heard by both sides.',
  'softphone.method.stopMonitor': 'Supervisors: leave the agent’s call.',
  'softphone.method.rtcSignal': 'Sends a WebRTC offer, answer or ICE candidate to the other agent of an internal call.',

  // Events (spec §4).
  'softphone.event.loginInfoChange': 'The agent checked in or out.',
  'softphone.event.userInfoChange': 'The agent’s details changed.',
  'softphone.event.checkInFailed': 'Check-in failed. The payload says why.',
  'softphone.event.agentStatusChange': 'The agent status changed.',
  'softphone.event.callTypeChange': 'A call’s type became known or changed: inbound, outbound or internal.',
  'softphone.event.callStatusChange': 'A call’s status changed: ringing, talking, held or ended.',
  'softphone.event.callDataChange': 'A call’s details changed.',
  'softphone.event.aboutToHangUp': 'The agent is about to hang up the call.',
  'softphone.event.afterCallWorkEnded': 'After-call work ended; the agent is ready again.',
  'softphone.event.externalTransferSuccess': 'The call was transferred to the external number.',
  'softphone.event.monitorStart': 'A supervisor started listening to the call.',
  'softphone.event.monitorEnd': 'The supervisor stopped listening to the call.',
  'softphone.event.insertionStart': 'A supervisor joined the call.',
  'softphone.event.displayNumberChange': 'The number shown to the people the agent calls changed.',
  'softphone.event.loginAuthFailed': 'Login authentication failed. The payload says why.',
  'softphone.event.tenantInfoChange':
    'The tenant’s settings changed: not-ready reasons, displayed numbers or after-call work.',
  'softphone.event.rtcSignal': 'The other agent of an internal call sent a WebRTC offer, answer or ICE candidate.',
  'softphone.event.interruptionCancelled': 'The connection came back in time: communication interruption cancelled.',

  // Event payload fields.
  'softphone.field.checked_in': 'Whether the agent is checked in.',
  'softphone.field.session': 'The session’s id.',
  'softphone.field.agent': 'The agent: name, extension, role, status and displayed number.',
  'softphone.field.code': 'The error code.',
  'softphone.field.message': 'The error message, in the phone’s language.',
  'softphone.field.status': 'The new agent status.',
  'softphone.field.previous': 'The status before.',
  'softphone.field.reason_id': 'With busy: the not-ready reason.',
  'softphone.field.status_since': 'When the status began.',
  'softphone.field.acw_until': 'With after-call work: when it ends on its own.',
  'softphone.field.call_id': 'The call’s id.',
  'softphone.field.call_type': 'Inbound, outbound or internal.',
  'softphone.field.call_status': 'Ringing, talking, held or ended.',
  'softphone.field.call': 'The call: numbers, type, status, times, mute and hold.',
  'softphone.field.number': 'The external number.',
  'softphone.field.supervisor': 'The supervisor’s name.',
  'softphone.field.display_number': 'The displayed number.',
  'softphone.field.tenant':
    'The tenant: name, default language, not-ready reasons, displayed numbers and after-call work time.',
  'softphone.field.from': 'The agent who sent it.',
  'softphone.field.signal': 'The WebRTC session description or ICE candidate.',
  'softphone.field.missed_events': 'How many events were sent again after the interruption.',
} as const;

export type SoftphoneKey = keyof typeof en;
export type SoftphoneMessages = Record<SoftphoneKey, string>;

export default en satisfies SoftphoneMessages;
