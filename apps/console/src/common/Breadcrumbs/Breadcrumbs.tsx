import { Link } from '../../app/router';

export interface Crumb {
  label: string;
  /** Absent for the page itself (the last crumb). */
  to?: string;
}

/** Where this page sits in a drill-down (Webhooks › endpoint › delivery › attempt). */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {items.map((item) => (
          <li key={item.to ?? item.label}>{item.to ? <Link to={item.to}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}
