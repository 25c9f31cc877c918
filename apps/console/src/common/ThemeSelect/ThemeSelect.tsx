import { useId, useState } from 'react';
import { chooseTheme, storedTheme, type Theme } from '../theme';

const THEMES: { value: Theme; label: string }[] = [
  { value: 'system', label: 'As the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Light or dark whatever the system says, kept on this device; or back to the system's. */
export function ThemeSelect() {
  const id = useId();
  const [theme, setTheme] = useState<Theme>(storedTheme);
  return (
    <div className="field theme-select">
      <label htmlFor={id}>Colours</label>
      <select
        id={id}
        value={theme}
        onChange={(event) => {
          const next = event.target.value as Theme;
          setTheme(next);
          chooseTheme(next);
        }}
      >
        {THEMES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
