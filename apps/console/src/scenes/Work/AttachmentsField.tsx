import { useId, useRef, useState, type ChangeEvent } from 'react';
import { describeError } from '../../api/api-error';
import { useUploadAttachment } from '../../api/queries';
import type { DraftAttachment } from '../../api/types';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { formatBytes } from '../../common/format';

const MAX_BYTES = 25 * 1024 * 1024;
const MAX_FILES = 20;

interface AttachmentsFieldProps {
  deploymentId: string;
  attachments: DraftAttachment[];
  onAdd: (attachment: DraftAttachment) => void;
  onRemove: (id: string) => void;
  disabled?: boolean;
}

/** Files handed over with the output: uploaded to the service, then listed by name. */
export function AttachmentsField({ deploymentId, attachments, onAdd, onRemove, disabled }: AttachmentsFieldProps) {
  const upload = useUploadAttachment(deploymentId);
  const announce = useAnnounce();
  const [uploading, setUploading] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    for (const file of files) {
      if (file.size > MAX_BYTES) {
        announce(`${file.name} is ${formatBytes(file.size)}; attachments can be at most 25 MB.`, 'error');
        continue;
      }
      if (attachments.length + 1 > MAX_FILES) {
        announce(`At most ${MAX_FILES} attachments.`, 'error');
        break;
      }
      setUploading((names) => [...names, file.name]);
      try {
        const uploaded = await upload.mutateAsync(file);
        onAdd({ id: uploaded.id, name: uploaded.name, content_type: uploaded.content_type, size_bytes: uploaded.size_bytes });
        announce(`Attached ${uploaded.name} (${formatBytes(uploaded.size_bytes)}).`);
      } catch (error) {
        announce(`${file.name} was not attached: ${describeError(error)}`, 'error');
      } finally {
        setUploading((names) => names.filter((name) => name !== file.name));
      }
    }
  };

  return (
    <fieldset className="attachments">
      <legend>Attachments</legend>
      <p className="field__hint" id={`${id}-hint`}>
        Up to {MAX_FILES} files of at most 25 MB each. The agent gets a download link with your output.
      </p>
      {attachments.length > 0 ? (
        <ul className="attachment-list" aria-label="Attached files">
          {attachments.map((attachment) => (
            <li key={attachment.id}>
              <span className="attachment-list__name">{attachment.name}</span>{' '}
              <span className="muted">
                {attachment.content_type}, {formatBytes(attachment.size_bytes)}
              </span>
              <button
                type="button"
                className="button button--small button--quiet"
                disabled={disabled}
                onClick={() => {
                  onRemove(attachment.id);
                  announce(`Removed ${attachment.name} from the output.`);
                }}
              >
                Remove<span className="visually-hidden"> {attachment.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No files attached.</p>
      )}
      {uploading.length > 0 && (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" /> Uploading {uploading.join(', ')}…
        </p>
      )}
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        className="visually-hidden"
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        onChange={(event) => void choose(event)}
      />
      <label htmlFor={id} className={`button${disabled ? ' button--disabled' : ''}`}>
        Attach files…
      </label>
    </fieldset>
  );
}
