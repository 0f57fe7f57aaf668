/**
 * The `demo` namespace: the softphone demo page (#/demo). This reference dictionary's keys are the
 * type every other language of the namespace must satisfy. Placeholders are written {{name}} and
 * must survive translation unchanged. Parameter, method and event names (serverUrl, dialOut,
 * callStatusChange…) are code and stay as they are in every language.
 */
const en = {
  'demo.title': 'Icall Experience Demo',
  'demo.intro':
    'Try every parameter, event and method of the softphone against a real server, then copy the code for your own page.',
  'demo.yes': 'Yes',
  'demo.no': 'No',
  'demo.action.edit': 'Edit',
  'demo.action.delete': 'Delete',
  'demo.action.save': 'Save',
  'demo.action.cancel': 'Cancel',

  'demo.column.name': 'Name',
  'demo.column.type': 'Type',
  'demo.column.required': 'Required',
  'demo.column.default': 'Default',
  'demo.column.description': 'Description',
  'demo.column.value': 'Value',
  'demo.column.time': 'Time',
  'demo.column.event': 'Event',
  'demo.column.payload': 'Payload',
  'demo.column.agent': 'Agent',
  'demo.column.status': 'Status',
  'demo.column.call': 'Call',
  'demo.column.actions': 'Actions',

  // Login configuration (spec §2, §5).
  'demo.login.title': 'Login configuration',
  'demo.serverUrl.title': 'serverUrl',
  'demo.serverUrl.list': 'Saved serverUrls',
  'demo.serverUrl.label': 'serverUrl',
  'demo.serverUrl.placeholder': 'e.g. https://cc.example.com',
  'demo.serverUrl.add': 'Add',
  'demo.serverUrl.editNamed': 'Edit {{url}}',
  'demo.serverUrl.deleteNamed': 'Delete {{url}}',
  'demo.serverUrl.none': 'No serverUrl yet. Add the address of the server to try.',
  'demo.serverUrl.empty': 'serverUrl cannot be empty!',
  'demo.serverUrl.duplicate': 'serverUrl already exists, please re-enter!',
  'demo.serverUrl.invalid': 'Enter a web address that starts with http:// or https://.',
  'demo.login.demoAccounts':
    'On a fresh install, the demo agents are lina@demo.example.com and wangwei@demo.example.com, and the supervisor is chenjie@demo.example.com, all with the password agent@open.',
  'demo.login.ssoTokenHelp':
    'An administrator finds it in the CMS under Call centre. Your own server should hold it: this page plays both parts only to show the flow.',
  'demo.thirdParty.title': 'Third-party account',
  'demo.login.start': 'Log in and start the phone',
  'demo.login.restart': 'Log in again and restart the phone',
  'demo.login.serverUnreachable':
    'Could not reach {{url}}. Check the address; a server other than this page’s must also allow this page to call it.',

  // Dial-pad configuration and configuration parameters (spec §3).
  'demo.dialPad.title': 'Dial-pad configuration',
  'demo.dialPad.intro':
    'What the phone shows. Changes apply the next time the phone starts, except visible, which applies at once.',
  'demo.params.title': 'Configuration parameters',
  'demo.params.tokenFromLogin': 'Given by the login above',
  'demo.params.pageLanguage': 'This page’s language ({{language}})',

  // Events (spec §2, §4).
  'demo.events.title': 'Events',
  'demo.events.listenTitle': 'Listen to',
  'demo.events.all': 'All',
  'demo.events.none': 'None',
  'demo.events.outputTitle': 'Output',
  'demo.events.filter': 'Filter by event or payload',
  'demo.events.pause': 'Pause',
  'demo.events.resume': 'Resume',
  'demo.events.paused': 'Paused: new events are not recorded',
  'demo.events.clear': 'Clear',
  'demo.events.count': 'Showing {{shown}} of {{total}}',
  'demo.events.empty': 'No events yet. Start the phone and use it, or run a method.',

  // Methods (spec §2, §4).
  'demo.methods.title': 'Methods',
  'demo.methods.method': 'Method',
  'demo.methods.methodPrompt': 'Please select a method',
  'demo.methods.supervisorOnly': 'Supervisors only',
  'demo.methods.inputTitle': 'Input parameters',
  'demo.methods.noParams': 'This method takes no parameters.',
  'demo.methods.valuePrompt': 'Please enter a parameter value',
  'demo.methods.choosePrompt': 'Please select a value',
  'demo.methods.jsonPrompt': 'A JSON object, such as {"type": "offer", "sdp": "…"}',
  'demo.methods.namePrompt': 'Please enter a parameter name',
  'demo.methods.typePrompt': 'Please select a parameter type',
  'demo.methods.addParam': 'Add a parameter',
  'demo.methods.removeParam': 'Remove this parameter',
  'demo.methods.notNumber': 'This is not a number.',
  'demo.methods.notBoolean': 'Enter true or false.',
  'demo.methods.notJson': 'This is not valid JSON.',
  'demo.methods.notObject': 'Enter a JSON object, in braces.',
  'demo.methods.execute': 'Execute',
  'demo.methods.startFirst': 'Start the phone first: methods run on it.',
  'demo.methods.noPhone': 'The phone is not running. Log in and start it first.',
  'demo.methods.succeeded': '{{method}} succeeded',
  'demo.methods.failed': '{{method}} failed with code {{code}}: {{message}}',

  // The live phone and what surrounds it.
  'demo.phone.title': 'Live phone',
  'demo.phone.stop': 'Stop',
  'demo.phone.idle': 'Log in to start the phone here.',
  'demo.phone.signedInAs': 'Signed in as {{name}}, extension {{extension}}',
  'demo.phone.loadFailed': 'The phone could not be loaded from this serverUrl.',
  'demo.phone.frameRefused':
    '{{server}} did not let this page show its phone. Its operator can allow this page, {{page}}, in PHONE_FRAME_ANCESTORS.',
  'demo.phase.idle': 'Not started',
  'demo.phase.starting': 'Starting',
  'demo.phase.ready': 'Running',
  'demo.phase.failed': 'Failed',
  'demo.inbound.title': 'Simulated incoming call',
  'demo.inbound.intro':
    'A caller from the simulated telephone network rings your tenant. The longest-idle ready agent gets the call: check in first.',
  'demo.inbound.from': 'Caller number',
  'demo.inbound.fromPrompt': 'Please enter the caller’s number',
  'demo.inbound.fromInvalid': 'A phone number has digits only, optionally after a +.',
  'demo.inbound.place': 'Place an incoming call',
  'demo.inbound.placed': 'The call is in the queue. Calls waiting: {{queued}}.',
  'demo.live.title': 'Supervisor’s live panel',
  'demo.live.introSupervisor': 'Your tenant’s agents as they are now. Listen in on a call, join it or leave it.',
  'demo.live.introAgent':
    'Your tenant’s agents as they are now. Log in as a supervisor to listen in on calls and join them.',
  'demo.live.supervisor': 'Supervisor',
  'demo.live.monitor': 'Listen in',
  'demo.live.insert': 'Join',
  'demo.live.leave': 'Leave',

  // Integration code.
  'demo.code.title': 'Integration code',
  'demo.code.intro':
    'The code for the configuration above. Your server gets the login token for each session; it never goes in the page’s source.',
  'demo.code.script': 'Script tag',
  'demo.code.module': 'ES module',
  'demo.code.copy': 'Copy the code',
  'demo.params.webAddressRule': 'Enter an address that starts with https:// or http://.',
} as const;

export type DemoKey = keyof typeof en;
export type DemoMessages = Record<DemoKey, string>;

export default en satisfies DemoMessages;
