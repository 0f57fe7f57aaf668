import { describe, expect, it } from 'vitest';
import { createManualScheduler } from '../../../test/manual-scheduler.js';
import { createSilenceWatch, type Heard } from './silence-watch.js';

const DEAD_MS = 60_000;

function watch() {
  const scheduler = createManualScheduler();
  const silent: string[] = [];
  type Named = Heard & { name: string };
  const silence = createSilenceWatch<Named>(scheduler, DEAD_MS, (link) => silent.push(link.name));
  const link = (name: string): Named => ({ name, lastHeardAt: 0, watched: false });
  return { scheduler, silent, silence, link };
}

describe('the silence watch', () => {
  it('finds a link silent for the whole window, within one sweep after it, and no sooner', () => {
    const { scheduler, silent, silence, link } = watch();
    const a = link('a');
    silence.heard(a);
    scheduler.advance(DEAD_MS - 1);
    expect(silent).toEqual([]);
    scheduler.advance(silence.sweepMs);
    expect(silent).toEqual(['a']);
    expect(silence.size).toBe(0);
    // Nothing is left to watch: no sweep keeps running.
    expect(scheduler.pending()).toBe(0);
  });

  it('keeps alive a link heard from again, each frame starting its window anew', () => {
    const { scheduler, silent, silence, link } = watch();
    const a = link('a');
    const b = link('b');
    silence.heard(a);
    silence.heard(b);
    for (let i = 0; i < 5; i++) {
      scheduler.advance(DEAD_MS / 2);
      silence.heard(a);
    }
    expect(silent).toEqual(['b']);
    scheduler.advance(DEAD_MS + silence.sweepMs);
    expect(silent).toEqual(['b', 'a']);
  });

  it('forgets a closed link, and watches it again from its next frame', () => {
    const { scheduler, silent, silence, link } = watch();
    const a = link('a');
    silence.heard(a);
    silence.forget(a);
    scheduler.advance(DEAD_MS * 2);
    expect(silent).toEqual([]);
    silence.heard(a);
    scheduler.advance(DEAD_MS + silence.sweepMs);
    expect(silent).toEqual(['a']);
  });

  it('sweeps often enough for a short window (tests and tight heartbeats)', () => {
    const { scheduler, silent, link } = watch();
    const short = createSilenceWatch<ReturnType<typeof link>>(scheduler, 50, (each) => silent.push(each.name));
    expect(short.sweepMs).toBe(5);
    short.heard(link('quick'));
    scheduler.advance(55);
    expect(silent).toEqual(['quick']);
  });
});
