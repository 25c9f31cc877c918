import { useState, type ReactNode } from 'react';
import { describeError } from '../../api/api-error';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { ConfirmButton } from '../../common/ConfirmButton/ConfirmButton';
import { OverlapSelect } from './OverlapSelect';

interface SecretRotation {
  isPending: boolean;
  mutate: (overlapSeconds: number, callbacks: { onSuccess: () => void; onError: (failure: unknown) => void }) => void;
}

/** The overlap to keep the old secret for, and the rotation itself behind a confirmation that `explain`s what the overlap means. */
export function RotateSecretControl({
  id,
  title,
  rotate,
  explain,
}: {
  id: string;
  title: string;
  rotate: SecretRotation;
  explain: (overlapSeconds: number) => ReactNode;
}) {
  const announce = useAnnounce();
  const [overlap, setOverlap] = useState(86_400);
  return (
    <>
      <OverlapSelect value={overlap} onChange={setOverlap} id={id} />
      <ConfirmButton
        label="Rotate the secret"
        title={title}
        confirmLabel="Rotate"
        danger={false}
        disabled={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(overlap, {
            onSuccess: () => announce('New signing secret made. Copy it now: it is shown only this once.'),
            onError: (failure) => announce(`Not rotated: ${describeError(failure)}`, 'error'),
          })
        }
      >
        <p>{explain(overlap)}</p>
      </ConfirmButton>
    </>
  );
}
