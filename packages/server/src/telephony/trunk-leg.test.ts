import { describe, expect, it } from 'vitest';
import { inDialogRequest, type Dialog } from './trunk-leg.js';

const dialog: Dialog = {
  callId: 'c-1',
  localTag: 'l',
  remoteTag: 'r',
  local: { uri: 'sip:callcentre@10.0.0.11:5060', params: {} },
  remote: { uri: 'sip:+8613800000001@198.51.100.1', params: {} },
  remoteTarget: 'sip:+8613800000001@198.51.100.1:5060',
  route: [{ uri: 'sip:10.0.0.2:5060;lr', params: {} }],
  localSeq: 1,
};

describe('requests in a dialog', () => {
  it("an ACK carries its INVITE's number with the method ACK (a proxy's sanity check drops anything else)", () => {
    expect(inDialogRequest({ ...dialog }, 'ACK', 1).headers.cseq).toEqual({ method: 'ACK', seq: 1 });
  });

  it('a BYE takes the next number and follows the route set', () => {
    const bye = inDialogRequest({ ...dialog }, 'BYE');
    expect(bye.headers.cseq).toEqual({ method: 'BYE', seq: 2 });
    expect(bye.headers.route).toEqual(dialog.route);
    expect(bye.uri).toBe(dialog.remoteTarget);
  });
});
