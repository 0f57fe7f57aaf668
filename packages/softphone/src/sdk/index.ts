/**
 * The SDK's entry: `<script src="<serverUrl>/dzfront/open/client/sdk/softphone.js">` defines
 * `window.Softphone`; the ES module (`softphone.mjs`) exports the same `init`.
 */
import { createSdk, type PhoneInstance } from './softphone.js';

const sdk = createSdk();

/** Starts the phone: `Softphone.init({ container: '#softphone', serverUrl, token, ... })`. */
export const init = (options: Record<string, unknown>): PhoneInstance => sdk.init(options);
export { SoftphoneError, checkInitParams, errorCodes } from './softphone.js';
export type { EventHandler, PhoneInstance, ReadyInfo } from './softphone.js';
export type { SdkLogEntry } from './sdk-log.js';
