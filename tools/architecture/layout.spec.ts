import fs from 'node:fs';
import path from 'node:path';
import type { Project } from './boundary-rules';
import { layoutViolations, placementViolations, relayViolations } from './layout-rules';
import { files, projects, ROOT } from './repository';

/** What sits directly under each lib's src/, as `libs/<lib>/src/<entry>`. */
function topEntries(): string[] {
  return fs
    .readdirSync(path.join(ROOT, 'libs'))
    .filter((lib) => fs.existsSync(path.join(ROOT, 'libs', lib, 'src')))
    .flatMap((lib) => fs.readdirSync(path.join(ROOT, 'libs', lib, 'src')).map((entry) => `libs/${lib}/src/${entry}`));
}

/** One layout per context, deciders in domain/, and a relay that names no context. */
describe('context layout', () => {
  it('finds the context libs', () => {
    expect(projects().filter((project) => project.tags.includes('type:lib')).length).toBeGreaterThan(5);
  });

  it("a context lib's src/ holds domain/, application/, adapters/, reactors/ and its module and runtime", () => {
    expect(layoutViolations(projects(), topEntries())).toEqual([]);
  });

  it('decider objects live in domain/ (no twin files) and the runtime provider in <context>.runtime.ts', () => {
    expect(placementViolations(projects(), files('libs'))).toEqual([]);
  });

  it('the relay imports no context lib', () => {
    expect(relayViolations(projects(), [...files('apps'), ...files('libs')])).toEqual([]);
  });
});

/** The checks themselves, on a made-up tree that breaks each rule once. */
describe('layout rules', () => {
  const fixture: Project[] = [
    { name: '@eh/event-store', root: 'libs/event-store', tags: ['scope:shared', 'type:adapter'] },
    { name: '@eh/runtime', root: 'libs/runtime', tags: ['scope:shared', 'type:runtime'] },
    { name: '@eh/billing', root: 'libs/billing', tags: ['scope:billing', 'type:lib'] },
    { name: 'relay', root: 'apps/relay', tags: ['scope:relay', 'type:app'] },
  ];

  it('accepts the layout', () => {
    const entries = [
      'domain/bill.decider.ts',
      'application/pay.handler.ts',
      'adapters/bills.query.ts',
      'reactors/bill.reactor.ts',
      'index.ts',
      'billing.module.ts',
      'billing.runtime.ts',
    ];
    expect(
      layoutViolations(
        fixture,
        entries.map((entry) => `libs/billing/src/${entry}`),
      ),
    ).toEqual([]);
    expect(
      placementViolations(fixture, [
        {
          path: 'libs/billing/src/domain/bill.decider.ts',
          source: 'export const billDecider: Decider<BillCommand, BillEvent, BillState> = { initialState, evolve, decide };',
        },
        { path: 'libs/billing/src/billing.runtime.ts', source: '@ContextRuntime()\n@Injectable()\nexport class BillingRuntime {}' },
        {
          path: 'libs/billing/src/application/pay.handler.ts',
          source: 'export const pay = (store: EventStore, decider: Decider<A, B, C>) => handleCommand(store, decider);',
        },
      ]),
    ).toEqual([]);
  });

  it('refuses another folder or file at the top of src/', () => {
    expect(
      layoutViolations(fixture, ['libs/billing/src/invoices/send.ts', 'libs/billing/src/billing-config.ts', 'libs/billing/src/invoices/other.ts']),
    ).toEqual([
      expect.stringMatching(/^libs\/billing\/src\/invoices: a context's src\/ holds only/),
      expect.stringMatching(/^libs\/billing\/src\/billing-config.ts: a context's src\/ holds only/),
    ]);
  });

  it('refuses a twin decider file, a decider object outside domain/, and a runtime provider elsewhere', () => {
    expect(
      placementViolations(fixture, [
        { path: 'libs/billing/src/application/bill-decider.ts', source: "export { billDecider } from '../domain/bill.decider';" },
        {
          path: 'libs/billing/src/application/pay.handler.ts',
          source: 'const billDecider: Decider<BillCommand, BillEvent, BillState> = { initialState, evolve, decide };',
        },
        {
          path: 'libs/billing/src/application/plan.ts',
          source: 'export const planDecider = (policy: Policy): Decider<PlanCommand, PlanEvent, PlanState> => ({ ...fold, decide });',
        },
        { path: 'libs/billing/src/reactors/billing.runtime.ts', source: '@ContextRuntime()\nexport class BillingRuntime {}' },
      ]),
    ).toEqual([
      'libs/billing/src/application/bill-decider.ts: a decider file lives in domain/ (no twin beside it)',
      'libs/billing/src/application/pay.handler.ts: a decider object is declared in domain/, beside decide and evolve',
      'libs/billing/src/application/plan.ts: a decider object is declared in domain/, beside decide and evolve',
      "libs/billing/src/reactors/billing.runtime.ts: the context's runtime provider is libs/billing/src/billing.runtime.ts",
    ]);
  });

  it('refuses a context import in the relay, in the event store, the runtime or the app', () => {
    expect(
      relayViolations(fixture, [
        { path: 'libs/event-store/src/relay/event-relay.ts', source: "import { billCopy } from '@eh/billing';" },
        { path: 'libs/runtime/src/relay.module.ts', source: "import { billCopy } from '@eh/billing';\nimport { EventRelay } from '@eh/event-store';" },
        { path: 'apps/relay/src/main.ts', source: "import { BillingModule } from '@eh/billing';" },
        { path: 'libs/runtime/src/context-modules.ts', source: "import { BillingModule } from '@eh/billing';" },
      ]),
    ).toEqual([
      'libs/event-store/src/relay/event-relay.ts → @eh/billing: the relay names no context',
      'libs/runtime/src/relay.module.ts → @eh/billing: the relay names no context',
      'apps/relay/src/main.ts → @eh/billing: the relay names no context',
    ]);
  });
});
