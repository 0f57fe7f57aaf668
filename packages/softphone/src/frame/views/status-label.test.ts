import { describe, expect, it } from 'vitest';
import { callView } from '../../../test/call-view.js';
import { statusLabelKey } from './status-label.js';

const ready = { status: 'idle', extension: '8001' } as const;

const call = callView;

describe('the status bar label', () => {
  it('is the agent status when there is no call', () => {
    expect(statusLabelKey(ready, [])).toBe('softphone.ui.agentStatus.idle');
    expect(statusLabelKey({ status: 'busy', extension: '8001' }, [])).toBe('softphone.ui.agentStatus.busy');
    expect(statusLabelKey({ status: 'acw', extension: '8001' }, [])).toBe('softphone.ui.agentStatus.acw');
  });

  it('says on a call, not ready, while a call is answered or held', () => {
    expect(statusLabelKey(ready, [call({ call_status: 'talking' })])).toBe('softphone.ui.onCall');
    expect(statusLabelKey(ready, [call({ call_type: 'inbound', call_status: 'held', held: true })])).toBe(
      'softphone.ui.onCall',
    );
    expect(statusLabelKey({ status: 'busy', extension: '8001' }, [call({})])).toBe('softphone.ui.onCall');
  });

  it('says on a call while a number the agent dialled rings', () => {
    expect(statusLabelKey(ready, [call({ call_status: 'ringing', answered_at: null })])).toBe('softphone.ui.onCall');
    expect(
      statusLabelKey(ready, [
        call({ call_type: 'internal', call_status: 'ringing', caller: '8001', callee: '8002', answered_at: null }),
      ]),
    ).toBe('softphone.ui.onCall');
  });

  it('keeps the status while a call only rings here, and once a call has ended', () => {
    expect(
      statusLabelKey(ready, [
        call({ call_type: 'inbound', call_status: 'ringing', callee: '8001', answered_at: null }),
      ]),
    ).toBe('softphone.ui.agentStatus.idle');
    expect(
      statusLabelKey(ready, [
        call({ call_type: 'internal', call_status: 'ringing', caller: '8002', callee: '8001', answered_at: null }),
      ]),
    ).toBe('softphone.ui.agentStatus.idle');
    expect(statusLabelKey(ready, [call({ call_status: 'ended' })])).toBe('softphone.ui.agentStatus.idle');
  });
});
