/** A date and time as a person reads it in the interface language. */
export function formatTime(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A time of day to the second (a log row), in the interface language. */
export function formatClock(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { timeStyle: 'medium' }).format(new Date(iso));
}
