import { describe, expect, it } from 'vitest';
import { createLifecycle } from './lifecycle.js';

describe('lifecycle', () => {
  it('closes parts once, in reverse order of registration', async () => {
    const closed: string[] = [];
    const lifecycle = createLifecycle();
    lifecycle.onClose('database', () => {
      closed.push('database');
    });
    lifecycle.onClose('engine timers', () => {
      closed.push('engine timers');
    });
    await Promise.all([lifecycle.close(), lifecycle.close()]);
    expect(closed).toEqual(['engine timers', 'database']);
  });

  it('closes every part even when one fails, then says which failed', async () => {
    const closed: string[] = [];
    const lifecycle = createLifecycle();
    lifecycle.onClose('database', () => {
      closed.push('database');
    });
    lifecycle.onClose('bus', () => Promise.reject(new Error('connection lost')));
    await expect(lifecycle.close()).rejects.toThrow('shutdown left parts open');
    expect(closed).toEqual(['database']);
  });
});
