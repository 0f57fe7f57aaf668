import { describe, expect, it } from 'vitest';
import {
  checkChoice,
  createDevices,
  DEVICES_KEY,
  listOf,
  loadChoice,
  microphoneConstraint,
  reconcile,
  type DevicesState,
} from './devices.js';

const device = (kind: MediaDeviceKind, deviceId: string, label = '') =>
  ({ kind, deviceId, label, groupId: '' }) as MediaDeviceInfo;

const browserDevices = [
  device('audioinput', 'default', 'Default'),
  device('audioinput', 'mic-1', 'Headset microphone'),
  device('audioinput', 'mic-2', 'Laptop microphone'),
  device('videoinput', 'cam-1', 'Camera'),
  device('audiooutput', 'default', 'Default'),
  device('audiooutput', 'out-1', 'Headset'),
  device('audiooutput', 'out-2', 'Laptop speaker'),
];

function memoryStorage(start: Record<string, string> = {}) {
  const stored = new Map(Object.entries(start));
  return {
    stored,
    storage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    } as unknown as Storage,
  };
}

/** A browser's mediaDevices whose list the test changes, firing devicechange as a browser would. */
function fakeMediaDevices(list: MediaDeviceInfo[]) {
  let listener: (() => void) | undefined;
  return {
    list,
    unplug(deviceId: string) {
      this.list = this.list.filter((d) => d.deviceId !== deviceId);
      listener?.();
    },
    mediaDevices: {
      enumerateDevices() {
        return Promise.resolve(this.owner.list);
      },
      addEventListener: (_name: string, handler: () => void) => {
        listener = handler;
      },
      owner: undefined as unknown as { list: MediaDeviceInfo[] },
    },
  };
}

describe('devices', () => {
  it('lists the devices of one kind, the default entry standing for itself', () => {
    expect(listOf(browserDevices, 'audioinput')).toEqual([
      { device_id: 'mic-1', label: 'Headset microphone' },
      { device_id: 'mic-2', label: 'Laptop microphone' },
    ]);
    expect(listOf(browserDevices, 'audiooutput').map((d) => d.device_id)).toEqual(['out-1', 'out-2']);
  });

  it('reads a saved choice, and takes the default for anything it cannot trust', () => {
    const { storage } = memoryStorage({
      [DEVICES_KEY]: JSON.stringify({ microphone: 'mic-2', speaker: 42, ringer: 'x'.repeat(300) }),
    });
    expect(loadChoice(storage)).toEqual({ microphone: 'mic-2', speaker: '', ringer: '' });
    expect(loadChoice(memoryStorage({ [DEVICES_KEY]: '{not json' }).storage)).toEqual({
      microphone: '',
      speaker: '',
      ringer: '',
    });
    expect(loadChoice(null).microphone).toBe('');
  });

  it('falls back to the default for a chosen device that is gone, and names it', () => {
    const microphones = listOf(browserDevices, 'audioinput');
    const speakers = listOf(browserDevices, 'audiooutput').filter((d) => d.device_id !== 'out-2');
    expect(reconcile({ microphone: 'mic-2', speaker: 'out-1', ringer: 'out-2' }, microphones, speakers)).toEqual({
      choice: { microphone: 'mic-2', speaker: 'out-1', ringer: '' },
      lost: ['ringer'],
    });
    // Before the browser shows any device (no permission yet), nothing counts as lost.
    expect(reconcile({ microphone: 'mic-2', speaker: '', ringer: '' }, [], []).lost).toEqual([]);
  });

  it('refuses a device that is not there, and an output where the browser cannot choose one', () => {
    const state: DevicesState = {
      microphones: listOf(browserDevices, 'audioinput'),
      speakers: listOf(browserDevices, 'audiooutput'),
      selected: { microphone: '', speaker: '', ringer: '' },
      output_selection: true,
    };
    expect(checkChoice(state, 'microphone', 'mic-1')).toBeNull();
    expect(checkChoice(state, 'microphone', 'out-1')).toBe('deviceNotFound');
    expect(checkChoice(state, 'ringer', 'gone')).toBe('deviceNotFound');
    expect(checkChoice({ ...state, output_selection: false }, 'speaker', 'out-1')).toBe('outputSelectionUnsupported');
    expect(checkChoice({ ...state, output_selection: false }, 'speaker', '')).toBeNull();
  });

  it('opens exactly the chosen microphone, or the default', () => {
    expect(microphoneConstraint('')).toBe(true);
    expect(microphoneConstraint('mic-2')).toEqual({ deviceId: { exact: 'mic-2' } });
  });

  it('keeps the choice, and tells which kind was lost when the browser says a device went away', async () => {
    const { storage, stored } = memoryStorage();
    const browser = fakeMediaDevices([...browserDevices]);
    browser.mediaDevices.owner = browser;
    const heard: { selected: DevicesState['selected']; lost: readonly string[] }[] = [];
    const devices = createDevices({
      mediaDevices: browser.mediaDevices as unknown as MediaDevices,
      storage,
      onChange: (state, lost) => heard.push({ selected: state.selected, lost }),
    });
    await devices.refresh();
    expect(devices.choose('microphone', 'mic-2')).toBeNull();
    expect(devices.choose('microphone', 'nope')).toBe('deviceNotFound');
    // Node has no setSinkId: an output cannot be chosen, only the default.
    expect(devices.choose('speaker', 'out-1')).toBe('outputSelectionUnsupported');
    expect(JSON.parse(stored.get(DEVICES_KEY) ?? '{}')).toMatchObject({ microphone: 'mic-2', speaker: '' });

    browser.unplug('mic-2');
    await expect.poll(() => heard.at(-1)?.lost).toEqual(['microphone']);
    expect(devices.get().selected.microphone).toBe('');
    // Forgotten: plugged in again, it is chosen again by the agent, not silently.
    expect(JSON.parse(stored.get(DEVICES_KEY) ?? '{}')).toMatchObject({ microphone: '' });
  });
});
