import { describe, expect, it } from 'vitest';
import { behaviourOf, isDiallable, networkTimings, type NumberBehaviour } from './phone-network.js';

const digits = (count: number, last = '1') => '2'.repeat(count - 1) + last;

describe('networkTimings', () => {
  it('has the documented defaults', () => {
    expect(networkTimings).toEqual({
      ringBeforeBusyMs: 2_000,
      ringBeforeAnswerMs: 3_000,
      noAnswerMs: 30_000,
      remoteHangUpMs: 10_000,
      menuHangUpMs: 1_000,
      offerMs: 15_000,
      queueAbandonMs: 120_000,
    });
  });
});

describe('isDiallable and behaviourOf: invalid numbers', () => {
  it.each([
    ['empty', ''],
    ['one digit', '1'],
    ['two digits', '12'],
    ['two digits after +', '+12'],
    ['+ alone', '+'],
    ['32 digits', digits(32)],
    ['+ and 32 digits (33 characters)', `+${digits(32)}`],
    ['letters', 'abc'],
    ['a letter among digits', '1380013800a'],
    ['a letter last', '123a'],
    ['a space', '138 0013 8001'],
    ['a dash', '138-0013-8001'],
    ['leading spaces', ' 123'],
    ['+ twice', '++123'],
    ['+ not first', '12+3'],
    ['+ last', '123+'],
    ['parentheses', '(010)1234'],
    ['full-width digits', '１２３'],
  ])('%s (%j) is invalid', (_what, number) => {
    expect(isDiallable(number)).toBe(false);
    expect(behaviourOf(number)).toEqual({ kind: 'invalid' });
  });
});

describe('isDiallable: boundaries of valid numbers', () => {
  it.each([
    ['three digits', '123'],
    ['+ and three digits', '+123'],
    ['31 digits', digits(31)],
    ['+ and 31 digits (32 characters)', `+${digits(31)}`],
    ['an international number', '+8613912345678'],
    ['an extension-like number', '8001'],
  ])('%s (%j) is diallable', (_what, number) => {
    expect(isDiallable(number)).toBe(true);
    expect(behaviourOf(number).kind).not.toBe('invalid');
  });
});

describe('behaviourOf: by the last digit', () => {
  const busy: NumberBehaviour = { kind: 'busy', afterMs: 2_000 };
  const noAnswer: NumberBehaviour = { kind: 'noAnswer', afterMs: 30_000 };
  const answersThenHangsUp: NumberBehaviour = { kind: 'answers', afterMs: 3_000, hangsUpAfterMs: 10_000 };
  const answers: NumberBehaviour = { kind: 'answers', afterMs: 3_000, hangsUpAfterMs: null };
  it.each<[string, NumberBehaviour]>([
    ['13800138000', busy],
    ['+8613800138000', busy],
    ['100', busy],
    [digits(31, '0'), busy],
    ['13800138009', noAnswer],
    ['+8613800138009', noAnswer],
    ['109', noAnswer],
    ['13800138008', answersThenHangsUp],
    ['+8613800138008', answersThenHangsUp],
    ['108', answersThenHangsUp],
    ['13800138001', answers],
    ['+8613800138001', answers],
    ['13800138002', answers],
    ['13800138003', answers],
    ['13800138004', answers],
    ['13800138005', answers],
    ['13800138006', answers],
    ['13800138007', { kind: 'menu', afterMs: networkTimings.ringBeforeAnswerMs }],
    ['000', busy],
    ['990', busy],
    ['001', answers],
    [`+${digits(31, '8')}`, answersThenHangsUp],
  ])('%s → %j', (number, behaviour) => {
    expect(behaviourOf(number)).toEqual(behaviour);
  });

  it('answers with the timings of networkTimings', () => {
    expect(behaviourOf('0101')).toEqual({
      kind: 'answers',
      afterMs: networkTimings.ringBeforeAnswerMs,
      hangsUpAfterMs: null,
    });
    expect(behaviourOf('0108')).toEqual({
      kind: 'answers',
      afterMs: networkTimings.ringBeforeAnswerMs,
      hangsUpAfterMs: networkTimings.remoteHangUpMs,
    });
    expect(behaviourOf('0100')).toEqual({ kind: 'busy', afterMs: networkTimings.ringBeforeBusyMs });
    expect(behaviourOf('0109')).toEqual({ kind: 'noAnswer', afterMs: networkTimings.noAnswerMs });
  });
});
