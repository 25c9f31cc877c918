export function SkillList({ skills, label = 'Skills' }: { skills: readonly string[]; label?: string }) {
  if (skills.length === 0) return null;
  return (
    <ul className="skills" aria-label={label}>
      {skills.map((skill) => (
        <li key={skill} className="skill">
          {skill}
        </li>
      ))}
    </ul>
  );
}
