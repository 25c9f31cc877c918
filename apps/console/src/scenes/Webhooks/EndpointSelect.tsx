import type { ComponentProps } from 'react';
import { useEndpoints } from '../../api/webhook-endpoint-queries';
import type { Mode } from '../../api/dashboard-types';

type EndpointSelectProps = { mode: Mode; anyLabel: string; value: string; onChange: (endpointId: string) => void } & Omit<
  ComponentProps<'select'>,
  'value' | 'onChange'
>;

/** One of the mode's endpoints, by URL, to narrow a list to; the empty choice (`anyLabel`) is every endpoint. */
export function EndpointSelect({ mode, anyLabel, value, onChange, ...select }: EndpointSelectProps) {
  const endpoints = useEndpoints(mode);
  return (
    <select {...select} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{anyLabel}</option>
      {endpoints.data?.data.map((endpoint) => (
        <option key={endpoint.id} value={endpoint.id}>
          {endpoint.url}
        </option>
      ))}
    </select>
  );
}
