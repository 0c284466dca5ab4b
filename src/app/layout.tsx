import { Suspense, useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { NavLink, Outlet, useLocation, useNavigationType } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary/error-boundary.tsx';
import {
  TargetHealthBadge,
  TargetHealthNotice,
} from '../components/target-health/target-health.tsx';
import { BINDINGS } from '../protocol/operations.ts';
import { useSettings } from '../settings/settings-context.tsx';
import { effectiveTargetId, targetsQueryOptions } from '../connection/targets.ts';

const TITLES: Record<string, string> = {
  '/stubs': 'Asset stubs',
  '/register': 'Register',
  '/bulk': 'Bulk register',
  '/history': 'History',
  '/open': 'Open a saved response',
  '/compare': 'Compare two results',
  '/settings': 'Settings',
};

/**
 * Each page names itself in the tab title, and after a navigation focus moves to the new page
 * (not on first load), so screen readers announce it and Tab continues from its top.
 */
function usePageChange(pathname: string) {
  const main = useRef<HTMLElement>(null);
  const navigationType = useNavigationType();
  useEffect(() => {
    const title = TITLES[pathname];
    document.title = title ? `${title} · Inode Console` : 'Inode Console';
    // Only a link followed inside the app (PUSH) moves focus: not the first load (POP), not the
    // `/` → `/stubs` redirect (REPLACE), and not StrictMode's second run of this effect.
    if (navigationType === 'PUSH') main.current?.focus();
  }, [pathname, navigationType]);
  return main;
}

const NAV = [
  { to: '/stubs', label: 'Asset stubs' },
  { to: '/register', label: 'Register' },
  { to: '/bulk', label: 'Bulk register' },
  { to: '/history', label: 'History' },
  { to: '/compare', label: 'Compare' },
  { to: '/open', label: 'Open file' },
  { to: '/settings', label: 'Settings' },
] as const;

/** The target calls go to now, and how it is named to the user. */
function useCurrentTarget() {
  const { settings } = useSettings();
  const targets = useQuery(targetsQueryOptions());
  const id = effectiveTargetId(settings.targetId, targets.data);
  const target = targets.data?.targets.find((t) => t.id === id);
  return { id, target, pending: targets.isPending, name: target?.label ?? id ?? 'server default' };
}

function ConnectionStatus() {
  const { binding } = useSettings();
  const { id, target, pending, name } = useCurrentTarget();
  const targetText = target
    ? `${target.label}${target.url ? ` (${target.url})` : ''}`
    : pending
      ? 'loading…'
      : 'server default';
  return (
    <dl className="connection" aria-label="Connection">
      <div>
        <dt>Target</dt>
        <dd>
          <span data-testid="current-target">{targetText}</span>{' '}
          <TargetHealthBadge targetId={id} name={name} />
        </dd>
      </div>
      <div>
        <dt>Binding</dt>
        <dd data-testid="current-binding">{BINDINGS[binding].label}</dd>
      </div>
    </dl>
  );
}

/** Above every page: the current target is not answering (said before any call). */
function CurrentTargetDown() {
  const { id, name } = useCurrentTarget();
  return <TargetHealthNotice targetId={id} name={name} />;
}

/** The shell: skip link, navigation, the current target and binding, then the page. */
export function Layout() {
  const { pathname } = useLocation();
  const main = usePageChange(pathname);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <NavLink to="/stubs" className="brand">
          Inode Console
        </NavLink>
        <nav aria-label="Main">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <ConnectionStatus />
      </header>
      <main id="main" tabIndex={-1} ref={main}>
        <CurrentTargetDown />
        <ErrorBoundary
          key={pathname}
          fallback={(error, retry) => (
            <div role="alert">
              <h1>This page failed to load</h1>
              <p>{error.message}</p>
              <button type="button" onClick={retry}>
                Try again
              </button>
            </div>
          )}
        >
          <Suspense fallback={<p role="status">Loading…</p>}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
    </>
  );
}
