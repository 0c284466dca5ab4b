import { lazy } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from './providers.tsx';
import { Layout } from './layout.tsx';
import { NotFound } from './not-found.tsx';

// Each page loads when first opened, so the first page pays only for itself.
const StubsPage = lazy(() =>
  import('../features/stubs/stubs-page.tsx').then((m) => ({ default: m.StubsPage })),
);
const RegisterPage = lazy(() =>
  import('../features/registration/register-page.tsx').then((m) => ({ default: m.RegisterPage })),
);
const BulkPage = lazy(() =>
  import('../features/bulk/bulk-page.tsx').then((m) => ({ default: m.BulkPage })),
);
const HistoryPage = lazy(() =>
  import('../features/history/history-page.tsx').then((m) => ({ default: m.HistoryPage })),
);
const OpenPage = lazy(() =>
  import('../features/open/open-page.tsx').then((m) => ({ default: m.OpenPage })),
);
const ComparePage = lazy(() =>
  import('../features/compare/compare-page.tsx').then((m) => ({ default: m.ComparePage })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/settings-page.tsx').then((m) => ({ default: m.SettingsPage })),
);

function ToStubs() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/stubs', search }} replace />;
}

/** The routes, without a router: tests wrap them in a MemoryRouter. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<ToStubs />} />
        <Route path="stubs" element={<StubsPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="bulk" element={<BulkPage />} />
        <Route path="history" element={<HistoryPage />} />
        <Route path="open" element={<OpenPage />} />
        <Route path="compare" element={<ComparePage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

// Built with INODE_BASE_PATH=/tools/inode/, every route lives below /tools/inode.
const ROUTER_BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '') || '/';

/** The whole console: path-based routes (the URL hash belongs to the DataStubs viewer). */
export function App() {
  return (
    <AppProviders>
      <BrowserRouter basename={ROUTER_BASENAME}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
