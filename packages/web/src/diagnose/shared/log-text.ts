/**
 * A log row's message in the reader's language, from its type and detail: a report imported
 * from a colleague who works in another language reads in this one.
 */
import type { TFunction } from 'i18next';
import type { LogRow } from '../report/log-row';

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

/** An error of the catalogue by its name, else the text as it came. */
function errorWords(t: TFunction, name: string): string {
  const key = `error.${name}`;
  return t(key, { defaultValue: name });
}

const loginStepName = (t: TFunction, step: string) => t(`diagnose.login.step.${step}`, { defaultValue: step });
const directionName = (t: TFunction, direction: string) =>
  t(direction === 'upload' ? 'diagnose.bandwidth.upload' : 'diagnose.bandwidth.download');
const pingKind = (t: TFunction, kind: string) => t(kind === 'socket' ? 'diagnose.ping.socket' : 'diagnose.ping.http');

export function logMessage(row: LogRow, t: TFunction): string {
  const d = row.detail;
  switch (row.type) {
    case 'connecting':
      return t('diagnose.message.connecting', { attempt: Number(d.attempt ?? 0) + 1 });
    case 'connected':
      return t(d.resumed === true ? 'diagnose.message.resumed' : 'diagnose.message.connected');
    case 'heartbeatSent':
      return t('diagnose.message.heartbeatSent');
    case 'heartbeatReceipt':
      return t('diagnose.message.heartbeatReceipt', { ms: text(d.rttMs) });
    case 'authFailed':
      return t('diagnose.message.authFailed', { reason: errorWords(t, text(d.reason)) });
    case 'closed':
      return d.closeType === 'normal'
        ? t('diagnose.message.closedNormal', { code: text(d.code) })
        : t('diagnose.message.closedAbnormal', { code: text(d.code), reason: d.reason ? `, ${text(d.reason)}` : '' });
    case 'error':
      return d.error === 'socketError' ? t('diagnose.message.socketError') : errorWords(t, text(d.error));
    case 'reconnecting':
      return t('diagnose.message.reconnecting', { number: text(d.count), delay: text(d.delayMs) });
    case 'reconnected':
      return t('diagnose.message.reconnected', { attempt: text(d.attempt) });
    case 'networkConnected':
      return t('diagnose.message.networkConnected');
    case 'networkDisconnected':
      return t('diagnose.message.networkDisconnected');
    case 'networkRecovered':
      return t('diagnose.message.networkRecovered');
    case 'loginStep': {
      const step = loginStepName(t, text(d.step));
      if (d.ok === true) return t('diagnose.message.loginOk', { step, ms: text(d.ms) });
      // A refusal of the server comes with its message in the language of the run; a socket
      // refusal names its catalogued error, put into this reader's words.
      const message = d.code !== null && typeof d.message === 'string' ? errorWords(t, d.message) : text(d.message);
      return t('diagnose.message.loginFailed', {
        step,
        ms: text(d.ms),
        message: d.code === null ? message : `${text(d.code)}: ${message}`,
      });
    }
    case 'curl': {
      if (d.error === 'timeout') return `${text(d.target)}: ${t('diagnose.curl.timeout')}`;
      if (d.error === 'exception') {
        return `${text(d.target)}: ${t('diagnose.curl.exception', { message: text(d.message) })}`;
      }
      const result =
        d.status === null ? t('diagnose.curl.reachable') : t('diagnose.curl.httpStatus', { status: text(d.status) });
      return t('diagnose.message.curlOk', { target: text(d.target), result, ms: text(d.ms) });
    }
    case 'ping': {
      const kind = pingKind(t, text(d.kind));
      if (d.rttMs !== null && d.rttMs !== undefined) return t('diagnose.message.pingOk', { kind, ms: text(d.rttMs) });
      if (d.failure === 'timeout' || d.failure === null || d.failure === undefined) {
        return t('diagnose.message.pingTimeout', { kind });
      }
      return t('diagnose.message.pingException', { kind, message: text(d.failure) });
    }
    case 'bandwidth': {
      const direction = directionName(t, text(d.direction));
      if (d.error !== undefined) return t('diagnose.message.bandwidthFailed', { direction, message: text(d.error) });
      return t('diagnose.message.bandwidthOk', {
        direction,
        link: text(d.linkMbps),
        goodput: text(d.goodputMbps),
        streams: text(d.streams),
      });
    }
    case 'networkType':
      return t('diagnose.message.networkType', {
        // 'Unknown' would contradict the speed class logged beside it: say the browser withholds it.
        type:
          d.type !== 'unknown'
            ? text(d.type)
            : d.effectiveType === null || d.effectiveType === undefined
              ? t('diagnose.network.typeUnknown')
              : t('diagnose.network.typeNotReported'),
      });
    case 'quality':
      return t('diagnose.message.quality', {
        mos: text(d.mos),
        verdict: t(`diagnose.quality.verdict.${text(d.verdict)}`, { defaultValue: text(d.verdict) }),
      });
    case 'info':
      return d.event === 'replaced' ? t('diagnose.message.replaced') : t('diagnose.message.sessionLost');
  }
}
