import { TRANSFER_NOTICE_MS, transferNoticeKey, type PhoneState, type PhoneStore } from '../state/phone-store.js';
import { isolate } from './call-heading.js';
import { useNow, type T } from './phone-ui.js';

/** What became of a call this agent passed on, for a few seconds. */
export function TransferNoticeLine({ state, update, t }: { state: PhoneState; update: PhoneStore['set']; t: T }) {
  const now = useNow();
  const notice = state.transferNotice;
  const shown = notice !== null && now - notice.at <= TRANSFER_NOTICE_MS;
  // The live region stays mounted and empty between notices, so each new one is read out.
  return (
    <div role="status" className={shown ? undefined : 'visually-hidden'}>
      {shown && (
        <p className="phone-notice" data-testid="transfer-notice">
          {t(transferNoticeKey(notice), { number: isolate(notice.number) })}{' '}
          <button
            type="button"
            className="link"
            onClick={() => {
              update({ transferNotice: null });
            }}
          >
            {t('softphone.ui.dismiss')}
          </button>
        </p>
      )}
    </div>
  );
}
