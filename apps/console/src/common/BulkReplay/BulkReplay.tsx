import { useEffect, useRef, useState } from 'react';
import { describeError } from '../../api/api-error';
import { useBulkReplay, useReplayJob } from '../../api/delivery-queries';
import type { Mode, ReplayFilter } from '../../api/dashboard-types';
import { useAnnounce } from '../Announcer/Announcer';
import { ConfirmButton } from '../ConfirmButton/ConfirmButton';
import { plural } from '../format';

interface BulkReplayProps {
  mode: Mode;
  filter: ReplayFilter;
  /** How many dead letters the page shows (at least), for the question. */
  count: number;
  /** "of this endpoint" */
  scope?: string;
}

/** Replays every dead letter matching a filter, oldest first, and shows the progress until done. */
export function BulkReplay({ mode, filter, count, scope = '' }: BulkReplayProps) {
  const start = useBulkReplay(mode);
  const announce = useAnnounce();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useReplayJob(mode, jobId);
  const running = start.isPending || job.data?.status === 'running';
  const j = job.data;

  const run = () =>
    start.mutate(filter, {
      onSuccess: (started) => {
        setJobId(started.id);
        announce(`Replaying ${plural(started.matched, 'dead letter')}${scope ? ` ${scope}` : ''}…`, 'info');
      },
      onError: (failure) => announce(`Replay not started: ${describeError(failure)}`, 'error'),
    });

  // Said once, when the job ends.
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!j || j.status !== 'completed' || told.current === j.id) return;
    told.current = j.id;
    announce(
      `Replay finished: ${j.replayed} of ${plural(j.matched, 'dead letter')} sent again${j.skipped ? `, ${j.skipped} skipped (no longer dead letters)` : ''}.`,
    );
  }, [j, announce]);

  return (
    <div className="bulk-replay">
      <ConfirmButton
        label={running ? 'Replaying…' : `Replay all dead letters${scope ? ` ${scope}` : ''}`}
        title={`Replay every dead letter${scope ? ` ${scope}` : ''}?`}
        confirmLabel="Replay them all"
        danger={false}
        disabled={running || count === 0}
        onConfirm={run}
      >
        <p>
          {count > 0 ? `At least ${plural(count, 'dead letter')}` : 'Every dead letter'} {scope} will be sent again, oldest first, each with its original{' '}
          <code>Service-Delivery</code> id and the full retry schedule. A receiver that deduplicates on that id processes each once.
        </p>
      </ConfirmButton>
      {j && (
        <div className="bulk-replay__progress">
          <progress max={Math.max(1, j.matched)} value={j.replayed + j.skipped} aria-label="Replay progress" />
          <p role="status" className="small">
            {j.status === 'running' ? 'Replaying: ' : 'Done: '}
            {j.replayed} of {j.matched} replayed{j.skipped ? `, ${j.skipped} skipped` : ''}.
          </p>
        </div>
      )}
    </div>
  );
}
