const OPTIONS = [
  { seconds: 0, label: 'Stop the old secret at once' },
  { seconds: 3_600, label: 'Keep the old one 1 hour' },
  { seconds: 86_400, label: 'Keep the old one 24 hours' },
  { seconds: 604_800, label: 'Keep the old one 7 days' },
];

/** How long the old secret keeps signing beside the new one after a rotation. */
export function OverlapSelect({ value, onChange, id }: { value: number; onChange: (seconds: number) => void; id: string }) {
  return (
    <span className="inline-field">
      <label htmlFor={id}>Overlap</label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {OPTIONS.map((option) => (
          <option key={option.seconds} value={option.seconds}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
