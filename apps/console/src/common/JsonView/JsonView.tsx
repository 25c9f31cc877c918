import { useMemo } from 'react';

/** A JSON text as sent, indented when it parses (the bytes a receiver got are kept in `raw`). */
export function JsonView({ text, label }: { text: string; label: string }) {
  const pretty = useMemo(() => {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return text;
    }
  }, [text]);
  return (
    <pre className="json-view" role="region" aria-label={label} tabIndex={0}>
      <code>{pretty}</code>
    </pre>
  );
}
