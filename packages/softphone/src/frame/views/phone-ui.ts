/**
 * What the phone's parts share: the translate and act functions they are given, number cleaning,
 * and a clock for call timers.
 */
import { useEffect, useState } from 'react';
import type { PhoneKey } from '../i18n.js';

export type T = (key: PhoneKey, values?: Record<string, string | number>) => string;
/** Runs a method of the phone; a refusal is shown by the phone and settles as undefined. */
export type Act = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

/** What a person may type or paste as a number: digits and a leading +. */
export const cleanNumber = (text: string) => {
  const digits = text.replace(/[^\d+]/g, '');
  return (digits.startsWith('+') ? '+' : '') + digits.replace(/\+/g, '').slice(0, 31);
};

/** Seconds since an ISO time, for call timers and after-call work, ticking every second. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return now;
}

export const clock = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
