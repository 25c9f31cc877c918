import type { Delivery, Mode } from '../../api/dashboard-types';
import { Link } from '../../app/router';
import { dashboardPath } from '../../app/routes';
import { attemptOutcome, DeliveryStatusBadge, OverdueBadge } from '../../common/DeliveryStatus/DeliveryStatus';
import { When } from '../../common/When/When';
import { ReplayButton } from '../../common/ReplayButton/ReplayButton';
import { DataTable } from '../../common/DataTable/DataTable';

/** Deliveries as rows: what was sent, where, how it went, and a replay for dead letters. */
export function DeliveryTable({ mode, items, caption, showUrl = true }: { mode: Mode; items: Delivery[]; caption: string; showUrl?: boolean }) {
  return (
    <DataTable label={caption} columns={['Event', 'Status', showUrl && 'Sent to', 'Last attempt', 'Created']} actions className="table delivery-table">
      {items.map((delivery) => (
        <tr key={delivery.id} data-delivery-id={delivery.id}>
          <td>
            <Link to={dashboardPath(mode, { page: 'delivery', deliveryId: delivery.id })}>{delivery.event_type}</Link>
            <br />
            <code className="small">{delivery.id}</code>
          </td>
          <td>
            <DeliveryStatusBadge status={delivery.status} /> <OverdueBadge overdue={delivery.overdue} />
          </td>
          {showUrl && (
            <td className="wrap">
              {delivery.endpoint_id ? (
                delivery.url
              ) : (
                <>
                  {delivery.url} <span className="muted small">(webhook_url)</span>
                </>
              )}
            </td>
          )}
          <td>
            {delivery.last_attempt ? (
              <>
                {attemptOutcome(delivery.last_attempt)}
                <br />
                <span className="muted small">
                  {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
                </span>
              </>
            ) : (
              <span className="muted">Not tried yet</span>
            )}
          </td>
          <td>
            <When iso={delivery.created_at} />
          </td>
          <td className="actions-cell">
            <ReplayButton mode={mode} delivery={delivery} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
