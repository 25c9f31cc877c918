import type { ComponentProps, ReactNode } from 'react';

/**
 * One labelled value of a `<dl>`: the label as its `<dt>`, the children as its `<dd>` (which takes
 * the remaining props), wrapped in the `<div>` the fact-list styles lay out.
 */
export function Fact({ label, children, ...value }: { label: ReactNode } & ComponentProps<'dd'>) {
  return (
    <div>
      <dt>{label}</dt>
      <dd {...value}>{children}</dd>
    </div>
  );
}
