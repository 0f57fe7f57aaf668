import { useEffect, useRef } from 'react';
import type { CallQuality } from '../media/call-quality.js';
import { playOn } from '../media/devices.js';
import type { MediaState } from '../media/media.js';
import type { T } from './phone-ui.js';

/** Plays a stream: a media element's source cannot be set from JSX. */
function Stream({
  stream,
  video,
  muted,
  label,
  output,
}: {
  stream: MediaStream;
  video: boolean;
  muted: boolean;
  label: string;
  /** The output the agent chose for the call ('' the default). */
  output: string;
}) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  useEffect(() => {
    if (ref.current) void playOn(ref.current, output);
  }, [output, stream]);
  return video ? (
    <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} className="call-video" />
  ) : (
    <audio ref={ref} autoPlay muted={muted} aria-label={label} />
  );
}

/** What each raised warning says, with the figure that raised it. */
function warningText(quality: CallQuality, warning: CallQuality['warnings'][number], t: T): string {
  switch (warning) {
    case 'highLoss':
      return t('softphone.ui.quality.highLoss', { percent: quality.loss_percent });
    case 'highJitter':
      return t('softphone.ui.quality.highJitter', { ms: quality.jitter_ms });
    case 'highRtt':
      return t('softphone.ui.quality.highRtt', { ms: quality.rtt_ms ?? 0 });
    case 'lowMos':
      return t('softphone.ui.quality.lowMos', { mos: quality.mos.toFixed(1) });
  }
}

/**
 * The call's quality warnings. Always in the page, so a screen reader hears a warning when it
 * appears (a live region must exist before its content changes).
 */
function QualityWarnings({ quality, t }: { quality: CallQuality | null; t: T }) {
  const warnings = quality?.warnings ?? [];
  return (
    <div
      role="status"
      className={warnings.length > 0 ? 'phone-warning' : undefined}
      data-testid="call-quality"
      data-warnings={warnings.join(' ')}
      data-mos={quality?.mos ?? ''}
    >
      {quality && warnings.length > 0 && (
        <>
          <strong>{t('softphone.ui.quality.warning')}</strong>
          <ul>
            {warnings.map((warning) => (
              <li key={warning}>{warningText(quality, warning, t)}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * The internal call's media: the colleague's voice (and picture), the agent's own picture, and
 * a line on the connection's state and quality, from its statistics.
 */
export function MediaView({ media, output, t }: { media: MediaState; output: string; t: T }) {
  const quality =
    media.state === 'connected'
      ? t('softphone.ui.media.quality', {
          kilobytes: Math.round(media.bytesReceived / 1024),
          jitter: media.jitterMs,
          lost: media.packetsLost,
        })
      : '';
  return (
    <div
      className={`call-media media-${media.state}`}
      data-testid="call-media"
      data-state={media.state}
      data-bytes-received={media.bytesReceived}
      // Which microphone the call's voice comes from, as the browser opened it.
      data-microphone={media.local?.getAudioTracks()[0]?.getSettings().deviceId ?? ''}
    >
      {media.remote && (
        <Stream
          stream={media.remote}
          video={media.video}
          muted={false}
          label={t('softphone.ui.media.remote')}
          output={output}
        />
      )}
      {media.others.map((stream) => (
        // A supervisor who joined, or for a supervisor the call's second agent: heard, not shown.
        <Stream
          key={stream.id}
          stream={stream}
          video={false}
          muted={false}
          label={t('softphone.ui.media.other')}
          output={output}
        />
      ))}
      {media.video && media.local && (
        <Stream stream={media.local} video muted label={t('softphone.ui.media.local')} output={output} />
      )}
      <p className="muted">
        {t(`softphone.ui.media.${media.state}`)}
        {quality && ` · ${quality}`}
      </p>
      <QualityWarnings quality={media.quality} t={t} />
      {media.noMicrophone && (
        <p className="phone-error" role="alert">
          {t('softphone.ui.media.noMicrophone')}
        </p>
      )}
    </div>
  );
}
