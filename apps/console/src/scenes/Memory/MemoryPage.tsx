import { useState, type FormEvent } from 'react';
import { describeError, fieldError, formError } from '../../api/api-error';
import { useDeleteMemory, useMemory, usePutMemory } from '../../api/memory-queries';
import type { MemoryEntry, MemoryKind, Mode } from '../../api/dashboard-types';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { ConfirmButton } from '../../common/ConfirmButton/ConfirmButton';
import { Field, FormError } from '../../common/Field/Field';
import { When } from '../../common/When/When';
import { LoadMore } from '../../common/LoadMore/LoadMore';
import MarkdownPreview from '../../common/MarkdownPreview/MarkdownPreview';
import { Page } from '../../common/Page/Page';
import { EmptyState, QueryStates } from '../../common/States/States';
import { SubmitButton } from '../../common/SubmitButton/SubmitButton';

const KINDS: Record<MemoryKind, string> = { positioning: 'Positioning', voice: 'Voice', prior_output: 'Prior output', other: 'Other' };
const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]{0,99}$/;
const MAX_BODY_BYTES = 100 * 1024;

/** What experts read before they work for this workspace: positioning, voice, earlier outputs. */
const MEMORY_LABELS = { key: 'Key', kind: 'Kind', body: 'Entry' } as const;

export default function MemoryPage({ mode }: { mode: Mode }) {
  const memory = useMemory(mode);
  const [adding, setAdding] = useState(false);
  const items = memory.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Page
      title="Brand memory"
      lead={<p>Entries every expert reads before working for you ({mode} mode has its own). Markdown, up to 100 KB each.</p>}
      action={
        !adding && (
          <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
            New entry
          </button>
        )
      }
    >
      {adding && <MemoryForm mode={mode} onDone={() => setAdding(false)} />}
      <QueryStates query={memory} what="brand memory" />
      {memory.isSuccess && items.length === 0 && !adding && (
        <EmptyState title={`No ${mode} brand memory yet.`}>
          <p>
            Start with your voice (how you sound) and positioning (who you are for): choose “New entry”. Completed outputs can be saved here too, over the API.
          </p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <ul className="card-list" aria-label="Entries">
          {items.map((entry) => (
            <li key={entry.key}>
              <MemoryCard mode={mode} entry={entry} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasMore={memory.hasNextPage} loading={memory.isFetchingNextPage} onMore={() => void memory.fetchNextPage()} what="entries" />
    </Page>
  );
}

function MemoryCard({ mode, entry }: { mode: Mode; entry: MemoryEntry }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteMemory(mode);
  const announce = useAnnounce();
  if (editing) return <MemoryForm mode={mode} entry={entry} onDone={() => setEditing(false)} />;
  return (
    <article className="card memory-card" aria-labelledby={`memory-${entry.key}`} data-memory-key={entry.key}>
      <div className="section-head">
        <h2 className="card__title" id={`memory-${entry.key}`}>
          <code>{entry.key}</code>
        </h2>
        <span className="tag">{KINDS[entry.kind]}</span>
      </div>
      <p className="muted small">
        Updated <When iso={entry.updated_at} />
        {entry.source ? ` · saved from deployment ${entry.source.deployment_id}` : ''}
      </p>
      <details>
        <summary>
          Show the entry<span className="visually-hidden"> {entry.key}</span>
        </summary>
        <MarkdownPreview source={entry.body} label={`Entry ${entry.key}`} empty="This entry is empty." />
      </details>
      <div className="actions">
        <button type="button" className="button button--small" onClick={() => setEditing(true)} aria-label={`Edit ${entry.key}`}>
          Edit
        </button>
        <ConfirmButton
          label="Delete"
          accessibleLabel={`Delete ${entry.key}`}
          title={`Delete the entry ${entry.key}?`}
          confirmLabel="Delete entry"
          small
          disabled={remove.isPending}
          onConfirm={() =>
            remove.mutate(entry.key, {
              onSuccess: () => announce(`Entry ${entry.key} deleted: experts no longer read it.`),
              onError: (failure) => announce(`Not deleted: ${describeError(failure)}`, 'error'),
            })
          }
        >
          <p>Experts stop reading it for new work. This cannot be undone.</p>
        </ConfirmButton>
      </div>
    </article>
  );
}

function MemoryForm({ mode, entry, onDone }: { mode: Mode; entry?: MemoryEntry; onDone: () => void }) {
  const put = usePutMemory(mode);
  const announce = useAnnounce();
  const [key, setKey] = useState(entry?.key ?? '');
  const [kind, setKind] = useState<MemoryKind>(entry?.kind ?? 'voice');
  const [body, setBody] = useState(entry?.body ?? '');
  const [checked, setChecked] = useState(false);
  const bytes = new TextEncoder().encode(body).length;
  const keyError = !KEY_PATTERN.test(key)
    ? '1 to 100 characters: lower-case letters, digits, dots, dashes and underscores, starting with a letter or digit (e.g. brand.voice).'
    : null;
  const bodyError = !body.trim() ? 'Write the entry.' : bytes > MAX_BODY_BYTES ? `At most 100 KB (${Math.ceil(bytes / 1024)} KB now).` : null;
  const otherError = formError(put.error, MEMORY_LABELS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (keyError || bodyError) return;
    put.mutate(
      { key, kind, body },
      {
        onSuccess: () => {
          announce(entry ? `Entry ${key} saved.` : `Entry ${key} added: experts read it from their next deployment.`);
          onDone();
        },
        onError: (failure) => announce(`Not saved: ${describeError(failure, MEMORY_LABELS)}`, 'error'),
      },
    );
  };
  return (
    <form className="card form" onSubmit={submit} noValidate aria-label={entry ? `Edit ${entry.key}` : 'New entry'}>
      <h2>{entry ? `Edit ${entry.key}` : 'New entry'}</h2>
      {!entry && (
        <Field
          label="Key"
          hint="A name your agent can refer to, e.g. brand.voice."
          error={(checked && keyError) || fieldError(put.error, 'key', MEMORY_LABELS)}
        >
          <input type="text" value={key} onChange={(event) => setKey(event.target.value)} autoComplete="off" />
        </Field>
      )}
      <Field label="Kind" error={fieldError(put.error, 'kind', MEMORY_LABELS)}>
        <select value={kind} onChange={(event) => setKind(event.target.value as MemoryKind)}>
          {(Object.keys(KINDS) as MemoryKind[]).map((value) => (
            <option key={value} value={value}>
              {KINDS[value]}
            </option>
          ))}
        </select>
      </Field>
      <div className="editor-split">
        <Field label="Entry (markdown)" error={(checked && bodyError) || fieldError(put.error, 'body', MEMORY_LABELS)}>
          <textarea className="editor editor--short" rows={8} value={body} onChange={(event) => setBody(event.target.value)} />
        </Field>
        <div className="preview-pane">
          <p className="preview-pane__title" aria-hidden="true">
            Preview
          </p>
          <MarkdownPreview source={body} label="Preview of the entry" />
        </div>
      </div>
      <FormError message={otherError} />
      <SubmitButton busy={put.isPending} busyLabel="Saving…" onCancel={onDone}>
        {entry ? 'Save entry' : 'Add entry'}
      </SubmitButton>
    </form>
  );
}
