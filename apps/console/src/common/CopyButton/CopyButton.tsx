import { useState } from 'react';
import { useAnnounce } from '../Announcer/Announcer';

/** The old way, for browsers that refuse the asynchronous clipboard (no secure context, no permission). */
function copyBySelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'visually-hidden';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } finally {
    area.remove();
  }
}

/** Copies a value (a key, a secret, an id) and says so, in the button and out loud. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const announce = useAnnounce();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    let done = false;
    try {
      await navigator.clipboard.writeText(value);
      done = true;
    } catch {
      done = copyBySelection(value);
    }
    setCopied(done);
    if (done) {
      announce('Copied to the clipboard.');
      window.setTimeout(() => setCopied(false), 3_000);
    } else announce('Could not copy: select the text and copy it yourself.', 'error');
  };
  return (
    <button type="button" className="button button--small copy-button" onClick={() => void copy()} aria-label={label}>
      {copied ? (
        <>
          <span aria-hidden="true">✓</span> Copied
        </>
      ) : (
        'Copy'
      )}
    </button>
  );
}
