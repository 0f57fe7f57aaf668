import { useTranslation } from 'react-i18next';
import type { EventRow } from './demo-store';

/** The recorded events shown: time, event and payload, as given (newest first). */
export function EventTable({ rows }: { rows: readonly EventRow[] }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
    hour12: false,
  });
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{t('demo.column.time')}</th>
          <th scope="col">{t('demo.column.event')}</th>
          <th scope="col">{t('demo.column.payload')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-event={row.name}>
            <td className="demo-time">{time.format(row.time)}</td>
            <td>
              <code>{row.name}</code>
            </td>
            <td dir="ltr">
              <code className="demo-payload">{JSON.stringify(row.data)}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
