/** What a call's panel and the phone's announcements say a call is, and how names sit in a sentence. */
import type { CallView } from '../state/phone-store.js';
import type { T } from './phone-ui.js';

/**
 * A name or number inside a translated sentence keeps its own direction: an Arabic sentence
 * with a Latin name and an extension in brackets would otherwise come out scrambled.
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/** How this phone shows a call: alone, as the caller waiting during a consultation, or as the consultation. */
export type CallRole = 'single' | 'waiting' | 'consult';

/** The call's state as the agent reads it: an answered trunk call whose caller is being connected says so. */
export const statusOf = (call: CallView, t: T) =>
  call.connecting === true && call.call_status === 'ringing'
    ? t('softphone.ui.media.connecting')
    : t(`softphone.ui.callStatus.${call.call_status}`);

/** What kind of call it is, as its panel's heading says. */
export const headOf = (call: CallView, role: CallRole, t: T) =>
  role === 'consult' ? t('softphone.ui.consultCall') : t(`softphone.ui.callType.${call.call_type}`);
