import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CopyButton } from '../CopyButton/CopyButton';

interface SecretRevealProps {
  /** "Your new live key", "Signing secret". */
  title: string;
  value: string;
  /** What the copy button copies, for its name: "the key". */
  what: string;
  children?: ReactNode;
  onDone: () => void;
}

/**
 * A secret the server shows once (an API key, a signing secret): the value, a copy button and a
 * plain warning, until the person says they saved it. It takes focus when it appears, so a
 * keyboard or screen-reader user lands on it.
 */
export function SecretReveal({ title, value, what, children, onDone }: SecretRevealProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div className="secret" role="group" aria-labelledby={titleId} tabIndex={-1} ref={box}>
      <p className="secret__title" id={titleId}>
        {title}
      </p>
      <p className="secret__warning">
        <span aria-hidden="true">⚠ </span>
        <strong>Copy it now: it is shown only this once.</strong> Store it where your code reads secrets; if it is lost, make a new one.
      </p>
      <div className="secret__row">
        <code className="secret__value" data-secret="">
          {value}
        </code>
        <CopyButton value={value} label={`Copy ${what}`} />
      </div>
      {children}
      <button type="button" className="button" onClick={onDone}>
        I have saved it
      </button>
    </div>
  );
}
