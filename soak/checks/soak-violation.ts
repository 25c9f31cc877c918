/** Something the soak found that must never happen, whatever the faults. */
export interface Violation {
  check: string;
  /** The deployment, delivery, account or event concerned. */
  subject: string;
  detail: string;
}

export interface CheckResult {
  violations: Violation[];
  /** Counts the report prints beside the verdict. */
  figures: Record<string, number | string>;
}

/** Groups items by a key, keeping their order inside each group. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    const group = groups.get(name);
    if (group) group.push(item);
    else groups.set(name, [item]);
  }
  return groups;
}
