import { Fact } from '../Fact/Fact';
import { useId, useState, type ReactNode } from 'react';

/** Field names as people read them: `key_points` → "Key points". */
function labelOf(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function Value({ value }: { value: unknown }): ReactNode {
  if (value === null || value === undefined) return <span className="muted">none</span>;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return value.toLocaleString();
  if (typeof value === 'string') return value === '' ? <span className="muted">empty</span> : value;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="muted">none</span>;
    return (
      <ul className="typed-data__list">
        {value.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an answer's list items are plain values with no identity but their place
          <li key={index}>
            <Value value={item} />
          </li>
        ))}
      </ul>
    );
  }
  return <Fields record={value as Record<string, unknown>} />;
}

function Fields({ record }: { record: Record<string, unknown> }) {
  const entries = Object.entries(record);
  if (entries.length === 0) return <span className="muted">empty</span>;
  return (
    <dl className="typed-data">
      {entries.map(([key, value]) => (
        <Fact key={key} label={labelOf(key)}>
          <Value value={value} />
        </Fact>
      ))}
    </dl>
  );
}

/**
 * A typed answer (`output.data`) for people: each field by its name in words, nested objects as
 * nested lists; "View JSON" shows the exact value a program receives, indented.
 */
export function TypedData({ data, label }: { data: Record<string, unknown>; label: string }) {
  const [json, setJson] = useState(false);
  const regionId = useId();
  return (
    <div className="typed-data-view">
      <button
        type="button"
        className="button button--quiet button--small"
        aria-expanded={json}
        aria-controls={regionId}
        onClick={() => setJson((shown) => !shown)}
      >
        {json ? 'View as fields' : 'View JSON'}
      </button>
      <div id={regionId}>
        {json ? (
          <pre className="json-view" role="region" aria-label={`${label} as JSON`} tabIndex={0}>
            <code>{JSON.stringify(data, null, 2)}</code>
          </pre>
        ) : (
          <Fields record={data} />
        )}
      </div>
    </div>
  );
}
