import { useEffect, useId, useState } from 'react';
import { builtInRingtone } from '../state/ringer.js';
import { microphoneConstraint, playOn, type DeviceInfo, type DeviceKind, type DevicesState } from '../media/devices.js';
import type { T } from './phone-ui.js';

/** How often the level meter moves: often enough to follow speech, rarely enough to be cheap. */
const LEVEL_EVERY_MS = 100;
/** How long a test sound plays: one burst of the ring. */
const TEST_SOUND_MS = 2_000;

/**
 * The microphone's level while this page is open: the chosen microphone is opened for it and
 * let go when the page closes or another is chosen. The root mean square of the signal, 0 to 1.
 */
function useMicrophoneLevel(deviceId: string, onOpened: () => void): { level: number; failed: boolean } {
  const [level, setLevel] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let context: AudioContext | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    void navigator.mediaDevices
      .getUserMedia({ audio: microphoneConstraint(deviceId) })
      .then((opened) => {
        stream = opened;
        if (stopped) {
          for (const track of opened.getTracks()) track.stop();
          return;
        }
        setFailed(false);
        onOpened();
        context = new AudioContext();
        const analyser = context.createAnalyser();
        analyser.fftSize = 1024;
        context.createMediaStreamSource(opened).connect(analyser);
        const samples = new Float32Array(analyser.fftSize);
        timer = setInterval(() => {
          analyser.getFloatTimeDomainData(samples);
          let sum = 0;
          for (const sample of samples) sum += sample * sample;
          setLevel(Math.min(1, Math.sqrt(sum / samples.length)));
        }, LEVEL_EVERY_MS);
      })
      .catch(() => {
        if (!stopped) setFailed(true);
      });
    return () => {
      stopped = true;
      clearInterval(timer);
      void context?.close();
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onOpened reads the devices again; a new function each render must not reopen the microphone
  }, [deviceId]);
  return { level, failed };
}

/** Plays one burst of the ring on `deviceId`, for the agent to hear where it comes out. */
async function playTestSound(deviceId: string): Promise<void> {
  const url = URL.createObjectURL(new Blob([builtInRingtone()], { type: 'audio/wav' }));
  const element = new Audio(url);
  element.dataset.testid = 'test-sound';
  document.body.append(element);
  try {
    await playOn(element, deviceId);
    await element.play();
    await new Promise((resolve) => setTimeout(resolve, TEST_SOUND_MS));
  } finally {
    element.pause();
    element.remove();
    URL.revokeObjectURL(url);
  }
}

function DeviceSelect({
  kind,
  list,
  value,
  disabled,
  onChoose,
  t,
}: {
  kind: DeviceKind;
  list: readonly DeviceInfo[];
  value: string;
  disabled: boolean;
  onChoose: (kind: DeviceKind, deviceId: string) => void;
  t: T;
}) {
  const id = useId();
  return (
    <div className="device-row">
      <label htmlFor={id}>{t(`softphone.ui.devices.${kind}`)}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        data-testid={`device-${kind}`}
        onChange={(event) => {
          onChoose(kind, event.target.value);
        }}
      >
        <option value="">{t('softphone.ui.devices.default')}</option>
        {list.map((device, index) => (
          <option key={device.device_id} value={device.device_id}>
            {device.label || t('softphone.ui.devices.unnamed', { number: index + 1 })}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The agent's devices: the microphone with its level, the speaker and the ringer each with a
 * test sound. A browser that cannot choose an output says so, and plays through the system's.
 */
export function DevicesPage({
  devices,
  onChoose,
  onAllow,
  onOpened,
  t,
}: {
  devices: DevicesState;
  onChoose: (kind: DeviceKind, deviceId: string) => void;
  /** Asks the browser for the microphone, after which it names every device. */
  onAllow: () => void;
  /** Reads the devices again: once the microphone is open, the browser names them. */
  onOpened: () => void;
  t: T;
}) {
  const { level, failed } = useMicrophoneLevel(devices.selected.microphone, onOpened);
  const levelId = useId();
  const [testing, setTesting] = useState<DeviceKind | null>(null);
  const unnamed = devices.microphones.every((device) => device.label === '');
  const test = (kind: 'speaker' | 'ringer') => {
    setTesting(kind);
    void playTestSound(devices.selected[kind]).finally(() => {
      setTesting(null);
    });
  };
  return (
    <section className="phone-devices" aria-label={t('softphone.ui.page.devices')} data-testid="devices">
      {unnamed && (
        <p className="muted">
          {t('softphone.ui.devices.allowHint')}{' '}
          <button type="button" className="link" onClick={onAllow}>
            {t('softphone.ui.devices.allow')}
          </button>
        </p>
      )}
      <DeviceSelect
        kind="microphone"
        list={devices.microphones}
        value={devices.selected.microphone}
        disabled={false}
        onChoose={onChoose}
        t={t}
      />
      <div className="device-row">
        <span id={levelId}>{t('softphone.ui.devices.level')}</span>
        <meter
          aria-labelledby={levelId}
          min={0}
          max={1}
          low={0.02}
          value={level}
          data-testid="mic-level"
          data-level={level.toFixed(3)}
        />
      </div>
      {failed && (
        <p className="phone-error" role="alert">
          {t('softphone.ui.media.noMicrophone')}
        </p>
      )}
      {(['speaker', 'ringer'] as const).map((kind) => (
        <div key={kind} className="device-output">
          <DeviceSelect
            kind={kind}
            list={devices.speakers}
            value={devices.selected[kind]}
            disabled={!devices.output_selection}
            onChoose={onChoose}
            t={t}
          />
          <button
            type="button"
            disabled={testing !== null}
            onClick={() => {
              test(kind);
            }}
          >
            {t(testing === kind ? 'softphone.ui.devices.testing' : `softphone.ui.devices.test.${kind}`)}
          </button>
        </div>
      ))}
      {!devices.output_selection && <p className="muted">{t('softphone.ui.devices.noOutputSelection')}</p>}
    </section>
  );
}
