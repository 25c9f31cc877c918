import type { Mode } from '../../api/dashboard-types';
import { Link, navigate } from '../../app/router';
import { dashboardPath, switchedView, type DashboardView } from '../../app/routes';
import { useAnnounce } from '../Announcer/Announcer';

/**
 * Stripe's test/live switch: one control that changes every page's data at once (the mode is in
 * the address, so the page itself changes). A switch in name, state and words, never colour alone.
 */
export function ModeSwitch({ mode, view }: { mode: Mode; view: DashboardView }) {
  const announce = useAnnounce();
  const test = mode === 'test';
  const toggle = () => {
    const next: Mode = test ? 'live' : 'test';
    navigate(dashboardPath(next, switchedView(view)));
    announce(
      next === 'test' ? 'Test mode: you now see test data only. Nothing here is billed or sent to an expert.' : 'Live mode: you now see live data.',
      'info',
    );
  };
  return (
    <button type="button" role="switch" aria-checked={test} className={`mode-switch mode-switch--${mode}`} onClick={toggle}>
      <span className="mode-switch__track" aria-hidden="true">
        <span className="mode-switch__thumb" />
      </span>
      <span className="mode-switch__label">Test mode</span>
      <span className="mode-switch__state" aria-hidden="true">
        {test ? 'on' : 'off'}
      </span>
    </button>
  );
}

/** Across the top in test mode: the words say it, the colour only repeats them. */
export function TestModeBanner({ view }: { view: DashboardView }) {
  return (
    <div className="test-banner" role="note" aria-label="Test mode">
      <strong>Test mode.</strong> You are looking at test data: test keys, deployments a synthetic expert answers, nothing billed.{' '}
      <Link to={dashboardPath('live', switchedView(view))}>Switch to live data</Link>
    </div>
  );
}
