/**
 * The output being written, kept on the server as a draft (docs/console-contract.md "Drafts"):
 * the form holds what the expert types; each pause saves it, one save at a time, so a reload
 * or another device picks it up where it stopped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSaveDraft } from '../../api/queries';
import type { Draft, DraftAttachment, DraftInput } from '../../api/types';

export interface DraftForm {
  body: string;
  attachments: DraftAttachment[];
  /** null: not set by the expert; time is tracked from `started_at`. */
  durationSeconds: number | null;
  /** null: not set by the expert; the console proposes the charge. */
  credits: number | null;
}

export type SaveState = { kind: 'saved'; at: string | null } | { kind: 'unsaved' } | { kind: 'saving' } | { kind: 'failed'; message: string };

const SAVE_AFTER_MS = 600;

export const fromDraft = (draft: Draft): DraftForm => ({
  body: draft.body,
  attachments: draft.attachments,
  durationSeconds: draft.duration_seconds ?? null,
  credits: draft.credits_charged ?? null,
});

const toInput = (form: DraftForm): DraftInput => ({
  body: form.body,
  attachment_ids: form.attachments.map((attachment) => attachment.id),
  duration_seconds: form.durationSeconds,
  credits_charged: form.credits,
});

export function useDraftForm(deploymentId: string, draft: Draft) {
  const [form, setForm] = useState<DraftForm>(() => fromDraft(draft));
  const [dirty, setDirty] = useState(false);
  const save = useSaveDraft(deploymentId);
  const latest = useRef(form);
  latest.current = form;

  const update = useCallback((patch: Partial<DraftForm> | ((form: DraftForm) => Partial<DraftForm>)) => {
    setForm((current) => ({ ...current, ...(typeof patch === 'function' ? patch(current) : patch) }));
    setDirty(true);
  }, []);

  const { mutate, mutateAsync, isPending } = save;
  // biome-ignore lint/correctness/useExhaustiveDependencies: every edit of `form` restarts the timer, so a draft is saved once typing pauses
  useEffect(() => {
    if (!dirty || isPending) return undefined;
    const timer = window.setTimeout(() => {
      setDirty(false);
      mutate(toInput(latest.current));
    }, SAVE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [dirty, isPending, form, mutate]);

  /** Saves now (before publishing or cancelling), whatever the timer says. */
  const flush = useCallback(async () => {
    setDirty(false);
    await mutateAsync(toInput(latest.current));
  }, [mutateAsync]);

  const state: SaveState = isPending
    ? { kind: 'saving' }
    : dirty
      ? { kind: 'unsaved' }
      : save.isError
        ? { kind: 'failed', message: save.error.message }
        : { kind: 'saved', at: save.data?.updated_at ?? draft.updated_at ?? null };

  return { form, update, flush, state, retry: () => setDirty(true) };
}
