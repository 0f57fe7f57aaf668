/**
 * What a new password must not be (NIST SP 800-63B, 3.1.1.2): long enough (the schema's
 * `passwordMin`), and not on a list of passwords attackers try first: breached and common ones,
 * repetitive or sequential characters, the published demo passwords and anything a few edits
 * from them, and passwords made only of the words of this service, of the account and of its
 * tenant. No composition rules (a digit, a capital): they make passwords harder to remember,
 * not to guess.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { demoAdmin, demoAgentPassword } from '../demo-credentials.js';

/**
 * zxcvbn's list: the ~49,000 passwords found most often in breached password sets, lower case.
 * Built on first use (a Set of them costs a few megabytes, and most processes never need it).
 */
let common: Set<string> | undefined;
const commonPasswords = (): Set<string> => (common ??= new Set(dictionary['passwords-common']));

/**
 * Words of this service and product (its name, its URL paths, its roles and screens): a password
 * made of them is the first an attacker of ours tries.
 */
const serviceWords = [
  'open',
  'openplatform',
  'platform',
  'dzfront',
  'icall',
  'softphone',
  'phone',
  'admin',
  'administrator',
  'agent',
  'supervisor',
  'demo',
  'tenant',
  'cms',
  'call',
  'centre',
  'center',
  'callcentre',
  'callcenter',
];

/** Letters and digits only, lower case: 'P@ss-word!' and 'password' are the same guess. */
const core = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
/** 'dragon2024' is 'dragon' to a guesser, who appends years and counters to every word. */
const withoutTrailingDigits = (text: string): string => text.replace(/\p{N}+$/u, '');

/** The published demo passwords, as cores: 'Admin@open!' and 'agent@open1' are them too. */
const publishedCores = [demoAdmin.password, demoAgentPassword].map(core);
/** Edits from a published password still guessed by whoever tries it with its usual variations. */
const PUBLISHED_EDITS = 2;

/** The characters a guesser tries in place of letters ('@dm1n'), each with the letters it stands for. */
const lookalikes: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'il',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

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

/** Levenshtein distance, by code point. */
function editDistance(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  let previous = right.map((_, j) => j + 1);
  previous.unshift(0);
  for (let i = 1; i <= left.length; i++) {
    const row = [i];
    for (let j = 1; j <= right.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (left[i - 1] === right[j - 1] ? 0 : 1);
      row.push(Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, substitution));
    }
    previous = row;
  }
  return previous[right.length] ?? 0;
}

/**
 * The account's and tenant's words as a guesser splits them: 'lina.chen@demo.example.com' is
 * 'linachendemoexamplecom', 'lina', 'chen', 'demo', 'example' and 'com'.
 */
function ownWords(words: readonly (string | null | undefined)[]): string[] {
  return words.flatMap((word) => {
    if (!word) return [];
    const parts = [core(word), ...word.toLowerCase().split(/[^\p{L}\p{N}]+/u)];
    // One letter would let almost anything be "made of" the account's words.
    return parts.filter((part) => Array.from(part).length >= 2);
  });
}

/** Whether `char` of a password stands for the letter `letter` of a word (itself or a lookalike). */
const standsFor = (char: string, letter: string): boolean =>
  char === letter || (lookalikes[char]?.includes(letter) ?? false);
const isLetter = (char: string): boolean => /\p{L}/u.test(char);

/**
 * Whether the password is nothing but `words` (forwards or reversed, in any order, any number of
 * times), with digits and punctuation around them: 'wangwei@demo', 'dzfront2026', 'iewgnaw'. At
 * least one word must be there, spelled with at least one real letter: '11' is not 'li', or
 * every random string of digits would be refused to an agent called Li.
 */
function isMadeOf(password: string, words: readonly string[]): boolean {
  // Separators go first: 'wang.wei' and 'wangwei' are one guess. Lookalike symbols stay.
  const chars = Array.from(password.toLowerCase()).filter((char) => /[\p{L}\p{N}]/u.test(char) || char in lookalikes);
  const spelled = [...new Set(words.flatMap((word) => [word, Array.from(word).reverse().join('')]))]
    .map((word) => Array.from(word))
    .filter((word) => word.some(isLetter));
  // 0: not reached; 1: reached on digits and symbols only; 2: reached with a word among them.
  const reached = new Uint8Array(chars.length + 1);
  reached[0] = 1;
  for (let at = 0; at < chars.length; at++) {
    const here = reached[at] ?? 0;
    if (here === 0) continue;
    if (!isLetter(chars[at] ?? '')) reached[at + 1] = Math.max(reached[at + 1] ?? 0, here);
    for (const word of spelled) {
      const piece = chars.slice(at, at + word.length);
      if (
        piece.length === word.length &&
        word.every((letter, i) => standsFor(piece[i] ?? '', letter)) &&
        piece.some(isLetter)
      ) {
        reached[at + word.length] = 2;
      }
    }
  }
  return reached[chars.length] === 2;
}

export interface PasswordContext {
  /**
   * The words of the account and of where it belongs: its sign-in name, display name, e-mail
   * address, employee number, mobile, and its tenant's name.
   */
  words?: readonly (string | null | undefined)[];
}

/**
 * Why `password` is too easy to guess, or undefined when it is not. The length is the
 * schema's to check; this is what a length cannot catch.
 */
export function weakPassword(password: string, context: PasswordContext = {}): 'weakPassword' | undefined {
  if (isRepetitive(password)) return 'weakPassword';
  const letters = core(password);
  if (letters.length === 0 || isRepetitive(letters) || isSequential(letters)) return 'weakPassword';
  const stem = withoutTrailingDigits(letters);
  if (
    publishedCores.some((published) => [letters, stem].some((text) => editDistance(text, published) <= PUBLISHED_EDITS))
  ) {
    return 'weakPassword';
  }
  const list = commonPasswords();
  if (list.has(password.toLowerCase()) || list.has(letters) || (stem.length >= 4 && list.has(stem))) {
    return 'weakPassword';
  }
  const own = ownWords(context.words ?? []);
  // A number the account is known by (a mobile, an employee number) is refused as it is.
  if (own.some((word) => word === letters || word === stem)) return 'weakPassword';
  if (isMadeOf(password, [...serviceWords, ...own])) return 'weakPassword';
  return undefined;
}
