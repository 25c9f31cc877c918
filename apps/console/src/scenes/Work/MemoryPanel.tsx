import type { ExpertDeployment } from '../../api/types';
import { When } from '../../common/When/When';
import MarkdownPreview from '../../common/MarkdownPreview/MarkdownPreview';

/** With nothing named, a short memory is shown open; a long one starts folded. */
const OPEN_WHEN_AT_MOST = 3;
const KIND_TEXT: Record<string, string> = { positioning: 'Positioning', voice: 'Voice', prior_output: 'Prior output', other: 'Other' };

/** The workspace's brand memory: the entries the handoff named first (and open), then the rest. */
export function MemoryPanel({ deployment: d }: { deployment: ExpertDeployment }) {
  const memory = d.memory;
  const entries = memory ? [...memory.entries].sort((a, b) => Number(b.named) - Number(a.named)) : [];
  return (
    <section className="card memory-panel" aria-labelledby="memory-heading">
      <h2 id="memory-heading">Brand memory</h2>
      {!memory && <p className="muted">The workspace's brand memory is shown while the work is yours and open.</p>}
      {memory && entries.length === 0 && <p className="muted">This workspace has no brand memory yet.</p>}
      {memory && memory.missing_keys.length > 0 && (
        <p className="callout">
          Named by the handoff but since deleted:{' '}
          {memory.missing_keys.map((key) => (
            <code key={key}>{key} </code>
          ))}
        </p>
      )}
      {entries.length > 0 && (
        <ul className="memory-list">
          {entries.map((entry) => (
            <li key={entry.key}>
              <details open={entry.named || (memory?.named_keys.length === 0 && entries.length <= OPEN_WHEN_AT_MOST)}>
                <summary>
                  <code>{entry.key}</code> <span className="tag">{KIND_TEXT[entry.kind] ?? entry.kind}</span>
                  {entry.named && (
                    <span className="tag tag--strong">
                      <span aria-hidden="true">★ </span>Named for this work
                    </span>
                  )}
                </summary>
                <MarkdownPreview source={entry.body} label={`Brand memory ${entry.key}`} empty="(empty)" />
                <p className="muted small">
                  Updated <When iso={entry.updated_at} />
                </p>
              </details>
            </li>
          ))}
        </ul>
      )}
      {memory?.truncated && <p className="muted small">The workspace holds more entries than are shown here.</p>}
    </section>
  );
}
