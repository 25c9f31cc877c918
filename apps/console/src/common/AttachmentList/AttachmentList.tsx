import { formatBytes } from '../format';

interface ListedAttachment {
  url: string;
  name: string;
  content_type?: string;
  size_bytes: number;
}

/** Files handed over with an output, each opening in a new tab (said to screen readers), with its size and, where asked, its type. */
export function AttachmentList({
  attachments,
  label,
  withType = true,
  nameClassName,
}: {
  attachments: ListedAttachment[];
  label?: string;
  withType?: boolean;
  nameClassName?: string;
}) {
  return (
    <ul className="attachment-list" aria-label={label}>
      {attachments.map((attachment) => (
        <li key={attachment.url}>
          <a href={attachment.url} target="_blank" rel="noopener noreferrer" className={nameClassName}>
            {attachment.name}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>{' '}
          <span className="muted">{withType ? `${attachment.content_type}, ${formatBytes(attachment.size_bytes)}` : formatBytes(attachment.size_bytes)}</span>
        </li>
      ))}
    </ul>
  );
}
