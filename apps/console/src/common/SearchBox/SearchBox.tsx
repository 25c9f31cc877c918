import { useEffect, useState, type FormEvent } from 'react';

interface SearchBoxProps {
  /** The input's id (the page may have several boxes). */
  id: string;
  label: string;
  hint?: string;
  /** The search in force: the box shows it and Clear appears while there is one. */
  value: string;
  error?: string | null;
  /** Called on Enter or the Search button with the trimmed text, and with '' on Clear. */
  onSearch: (text: string) => void;
}

/**
 * A labelled search: it runs on Enter (no request per keystroke), and Clear empties it and shows
 * everything again. `role="search"` makes it a landmark screen-reader users can jump to.
 */
export function SearchBox({ id, label, hint, value, error, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <form role="search" className="search-box" onSubmit={submit} aria-label={label}>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={id}>{label}</label>
        {hint && (
          <p id={`${id}-hint`} className="field__hint">
            {hint}
          </p>
        )}
        <div className="search-box__row">
          <input
            id={id}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={described}
            aria-invalid={error ? true : undefined}
          />
          <button type="submit" className="button button--primary">
            Search
          </button>
          {(value !== '' || text !== '') && (
            <button
              type="button"
              className="button button--quiet"
              onClick={() => {
                setText('');
                onSearch('');
              }}
            >
              Clear search
            </button>
          )}
        </div>
        {error && (
          <p id={`${id}-error`} className="field__error">
            <span aria-hidden="true">⚠ </span>
            {error}
          </p>
        )}
      </div>
    </form>
  );
}
