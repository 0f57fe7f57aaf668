/**
 * The agent's audio devices (issue #25, item 2): which microphone the phone opens, which output
 * plays the colleague's voice (the speaker) and which plays the ring (the ringer), kept per
 * browser. A headset for the call and the laptop's speaker for the ring is the usual choice.
 *
 * Outputs are chosen with `HTMLMediaElement.setSinkId`, which Chromium and Firefox have and
 * Safari does not: there the phone says so and plays through the system's output. A device
 * chosen earlier that is no longer there (unplugged, or another computer) falls back to the
 * browser's default, and the phone tells the agent and the host page which kind it lost.
 *
 * Kept in the phone's own storage: the frame is served by our server, so the choice does not
 * depend on the host page. Browsers that partition storage by top-level site keep one choice per
 * CRM site, which is what an agent who uses one CRM sees as "per browser".
 */
import { deviceKinds } from '@open/protocol/softphone/catalogue';

export { deviceKinds };
export type DeviceKind = (typeof deviceKinds)[number];

/** A device id per kind; '' is the browser's default. */
export type DeviceChoice = Readonly<Record<DeviceKind, string>>;

export interface DeviceInfo {
  device_id: string;
  label: string;
}

/** What the phone knows of the devices, as its page and the host page see it. */
export interface DevicesState {
  microphones: DeviceInfo[];
  speakers: DeviceInfo[];
  selected: DeviceChoice;
  /** The browser can send sound to a chosen output (setSinkId). */
  output_selection: boolean;
}

export const DEVICES_KEY = 'open-softphone.devices';
const defaults: DeviceChoice = { microphone: '', speaker: '', ringer: '' };

export function loadChoice(storage: Pick<Storage, 'getItem'> | null): DeviceChoice {
  let saved: unknown;
  try {
    saved = JSON.parse(storage?.getItem(DEVICES_KEY) ?? 'null');
  } catch {
    return defaults;
  }
  if (typeof saved !== 'object' || saved === null) return defaults;
  const given = saved as Record<string, unknown>;
  const pick = (kind: DeviceKind) => {
    const value = given[kind];
    // Device ids are opaque strings of the browser's making: bounded so a tampered entry stays small.
    return typeof value === 'string' && value.length <= 256 ? value : '';
  };
  return { microphone: pick('microphone'), speaker: pick('speaker'), ringer: pick('ringer') };
}

export function saveChoice(storage: Pick<Storage, 'setItem'> | null, choice: DeviceChoice): void {
  try {
    storage?.setItem(DEVICES_KEY, JSON.stringify(choice));
  } catch {
    // Storage refused (private window, sandbox): the choice holds until the page closes.
  }
}

/** The browser's list, as the phone shows it; the default entry stands for itself (''). */
export function listOf(devices: readonly MediaDeviceInfo[], kind: MediaDeviceKind): DeviceInfo[] {
  return devices
    .filter((device) => device.kind === kind && device.deviceId !== 'default' && device.deviceId !== '')
    .map((device) => ({ device_id: device.deviceId, label: device.label }));
}

/**
 * The choice that still holds with these devices: a chosen device that is gone becomes the
 * default, and is named in `lost`. Before the browser lets the page see its devices (no
 * permission yet) the list is empty and nothing counts as lost.
 */
export function reconcile(
  choice: DeviceChoice,
  microphones: readonly DeviceInfo[],
  speakers: readonly DeviceInfo[],
): { choice: DeviceChoice; lost: DeviceKind[] } {
  const lost: DeviceKind[] = [];
  const keep = (kind: DeviceKind, list: readonly DeviceInfo[]) => {
    const id = choice[kind];
    if (id === '' || list.length === 0 || list.some((device) => device.device_id === id)) return id;
    lost.push(kind);
    return '';
  };
  return {
    choice: {
      microphone: keep('microphone', microphones),
      speaker: keep('speaker', speakers),
      ringer: keep('ringer', speakers),
    },
    lost,
  };
}

/** Why a choice was refused: a device of another kind or one not there. */
export type ChoiceProblem = 'deviceNotFound' | 'outputSelectionUnsupported';

export function checkChoice(state: DevicesState, kind: DeviceKind, deviceId: string): ChoiceProblem | null {
  if (deviceId === '') return null;
  if (kind !== 'microphone' && !state.output_selection) return 'outputSelectionUnsupported';
  const list = kind === 'microphone' ? state.microphones : state.speakers;
  return list.some((device) => device.device_id === deviceId) ? null : 'deviceNotFound';
}

/** The audio constraint for the chosen microphone: exactly it, or the browser's default. */
export const microphoneConstraint = (deviceId: string): MediaTrackConstraints | true =>
  deviceId === '' ? true : { deviceId: { exact: deviceId } };

/** Whether media elements of this browser can play to a chosen output. */
export const canSelectOutput = (): boolean =>
  typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

/**
 * Sends an element's sound to `deviceId` ('' the default) where the browser can; a device that
 * went away meanwhile leaves it where it was (the next devicechange puts the choice right).
 */
export async function playOn(element: HTMLMediaElement, deviceId: string): Promise<void> {
  if (!canSelectOutput() || element.sinkId === deviceId) return;
  await element.setSinkId(deviceId).catch(() => undefined);
}

/**
 * The devices of this browser and the agent's choice: read when the phone starts, again when
 * the browser says the devices changed, and after the microphone was first opened (only then do
 * browsers tell the labels and every device).
 */
export function createDevices(options: {
  mediaDevices: MediaDevices | undefined;
  storage: Storage | null;
  /** The state changed; `lost`: the kinds whose chosen device went away just now. */
  onChange: (state: DevicesState, lost: readonly DeviceKind[]) => void;
}) {
  let state: DevicesState = {
    microphones: [],
    speakers: [],
    selected: loadChoice(options.storage),
    output_selection: canSelectOutput(),
  };

  async function refresh(): Promise<DevicesState> {
    const devices = await options.mediaDevices?.enumerateDevices().catch(() => []);
    const microphones = listOf(devices ?? [], 'audioinput');
    const speakers = listOf(devices ?? [], 'audiooutput');
    const { choice, lost } = reconcile(state.selected, microphones, speakers);
    state = { ...state, microphones, speakers, selected: choice };
    // A lost device is forgotten: plugged in again, the agent chooses it again.
    if (lost.length > 0) saveChoice(options.storage, choice);
    options.onChange(state, lost);
    return state;
  }

  options.mediaDevices?.addEventListener('devicechange', () => void refresh());

  return {
    get: () => state,
    refresh,
    /** Chooses a device; returns why not when it cannot be chosen. */
    choose(kind: DeviceKind, deviceId: string): ChoiceProblem | null {
      const problem = checkChoice(state, kind, deviceId);
      if (problem) return problem;
      state = { ...state, selected: { ...state.selected, [kind]: deviceId } };
      saveChoice(options.storage, state.selected);
      options.onChange(state, []);
      return null;
    },
  };
}

export type Devices = ReturnType<typeof createDevices>;
