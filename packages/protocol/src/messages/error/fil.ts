import type { ErrorMessages } from './en.js';

export default {
  'error.badJson': 'Hindi valid na JSON ang body ng request.',
  'error.badUrl': 'Hindi wasto ang address ng request na ito.',
  'error.badRequest': 'Hindi mabasa ang request. Pakipadala itong muli.',
  'error.crossSiteRequest':
    'Galing sa ibang site ang request na ito kaya tinanggihan. Buksan ang page sa server na ito at subukang muli.',
  'error.requestTimeout':
    'Masyadong natagalan bago dumating ang request kaya kinansela ito. Tingnan ang iyong koneksyon at subukang muli.',
  'error.invalidField': 'May invalid na field ang request: {{detail}}',
  'error.notLoggedIn': 'Mag-sign in muna.',
  'error.wrongCredentials': 'Mali ang account o password.',
  'error.apiNotFound': 'Walang API sa {{path}}.',
  'error.notFound': 'Walang nakita sa {{path}}.',
  'error.versionNotFound': 'Hindi umiiral ang bersyong ito. Maaaring na-delete na ito.',
  'error.versionNameTaken': 'Mayroon nang bersyon na may ganitong pangalan.',
  'error.defaultVersionRequired':
    'Dapat may isang bersyon na mananatiling default. Sa halip, gawing default ang ibang bersyon.',
  'error.concurrentUpdate': 'May ibang nagbago nito sa parehong oras. I-reload at subukang muli.',
  'error.bodyTooLarge': 'Masyadong malaki ang request (hanggang {{max}} byte lang).',
  'error.unsupportedMediaType': 'Ipadala ang request bilang JSON (Content-Type: application/json).',
  'error.tooManyLoginAttempts':
    'Masyadong maraming nabigong pag-sign in. Subukang muli pagkalipas ng {{minutes}} minuto.',
  'error.internal': 'Nagkaproblema sa server. Pakisubukang muli.',

  'error.field.required': 'Kailangan ang “{{field}}”.',
  'error.field.tooLong': 'Hanggang {{max}} character lang dapat ang “{{field}}”.',
  'error.field.tooShort': 'Dapat hindi bababa sa {{min}} character ang “{{field}}”.',
  'error.field.tooBig': 'Hindi dapat lumampas sa {{max}} ang “{{field}}”.',
  'error.field.tooSmall': 'Dapat hindi bababa sa {{min}} ang “{{field}}”.',
  'error.field.wrongType': 'Mali ang uri ng value ng “{{field}}”.',
  'error.field.unknown': 'Hindi field ng request na ito ang “{{field}}”.',
  'error.field.notAllowed': 'Hindi pinapayagan ang value ng “{{field}}”.',
  'error.field.badCharacter': 'May character na hindi pinapayagan sa “{{field}}”.',
  'error.resourceNotFound': 'Wala ang dokumentong ito o hindi pa ito nailalathala.',
  'error.categoryNotFound': 'Wala ang kategoryang ito o hindi pa ito nailalathala.',
} satisfies ErrorMessages;
