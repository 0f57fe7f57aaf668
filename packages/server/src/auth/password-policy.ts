/**
 * What a new password must not be (NIST SP 800-63B, 3.1.1.2): long enough (the schema's
 * `passwordMin`), and not on a list of passwords attackers try first: breached and common ones,
 * repetitive or sequential characters, and words of this service or of the account itself.
 * No composition rules (a digit, a capital): they make passwords harder to remember, not to guess.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { demoAdmin, demoAgentPassword } from '../demo-credentials.js';

/**
 * zxcvbn's list: the ~49,000 passwords found most often in breached password sets, lower case.
 * Built on first use (a Set of them costs a few megabytes, and most processes never need it).
 */
let common: Set<string> | undefined;
const commonPasswords = (): Set<string> => (common ??= new Set(dictionary['passwords-common']));

/** Words of this service: a password made of them is the first an attacker of ours tries. */
const serviceWords = [
  'open',
  'openplatform',
  'icall',
  'softphone',
  'admin',
  'agent',
  'demo',
  'cms',
  'callcentre',
  'callcenter',
];
const publishedPasswords = [demoAdmin.password, demoAgentPassword];

/** Letters and digits only, lower case: 'P@ss-word!' and 'password' are the same guess. */
const core = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
/** 'dragon2024' is 'dragon' to a guesser, who appends years and counters to every word. */
const withoutTrailingDigits = (text: string): string => text.replace(/\p{N}+$/u, '');

function isRepetitive(password: string): boolean {
  const chars = Array.from(password);
  // One character, or one short group, over and over ('aaaaaaaa', '        ', 'abcabcabc').
  for (let size = 1; size <= 3; size++) {
    const unit = chars.slice(0, size).join('');
    if (unit.repeat(Math.ceil(chars.length / size)).slice(0, password.length) === password) return true;
  }
  return false;
}

/** A run that steps by one, up or down: '12345678', 'abcdefgh', '98765432'. */
function isSequential(text: string): boolean {
  const codes = Array.from(text).map((char) => char.codePointAt(0) ?? 0);
  if (codes.length < 2) return false;
  const step = (codes[1] ?? 0) - (codes[0] ?? 0);
  if (step !== 1 && step !== -1) return false;
  return codes.every((code, i) => i === 0 || code - (codes[i - 1] ?? 0) === step);
}

export interface PasswordContext {
  /** The account's own words: its sign-in name, display name, e-mail address. */
  words?: readonly (string | null | undefined)[];
}

/**
 * Why `password` is too easy to guess, or undefined when it is not. The length is the
 * schema's to check; this is what a length cannot catch.
 */
export function weakPassword(password: string, context: PasswordContext = {}): 'weakPassword' | undefined {
  if (publishedPasswords.includes(password)) return 'weakPassword';
  if (isRepetitive(password)) return 'weakPassword';
  const letters = core(password);
  if (letters.length === 0 || isRepetitive(letters) || isSequential(letters)) return 'weakPassword';
  const list = commonPasswords();
  const stem = withoutTrailingDigits(letters);
  if (list.has(password.toLowerCase()) || list.has(letters) || (stem.length >= 4 && list.has(stem))) {
    return 'weakPassword';
  }
  const own = (context.words ?? [])
    .flatMap((word) => (word ? [word, word.split('@')[0] ?? ''] : []))
    .map(core)
    .filter((word) => word.length >= 3);
  if ([...serviceWords, ...own].some((word) => stem === word || letters === word)) return 'weakPassword';
  return undefined;
}
