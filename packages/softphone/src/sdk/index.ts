/**
 * The SDK's entry: `<script src="<serverUrl>/dzfront/open/client/sdk/softphone.js">` defines
 * `window.OpenSoftphone`; the ES module (`softphone.mjs`) exports the same functions.
 */
import { createSoftphone, type Softphone } from './softphone.js';

const softphone = createSoftphone();

export const init: Softphone['init'] = (container, params) => softphone.init(container, params);
export const call: Softphone['call'] = (method, params) => softphone.call(method, params);
export const on: Softphone['on'] = (name, handler) => {
  softphone.on(name, handler);
};
export const off: Softphone['off'] = (name, handler) => {
  softphone.off(name, handler);
};
export const destroy: Softphone['destroy'] = () => {
  softphone.destroy();
};
export const methods = softphone.methods;
export { SoftphoneError, checkInitParams } from './softphone.js';
export type { EventHandler, InitResult, Softphone } from './softphone.js';
