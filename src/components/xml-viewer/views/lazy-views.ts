/** The viewer's heavy views, loaded on first use (the line window, the virtualized grid). */
import { lazyView } from '../../lazy-view/lazy-view.ts';

export const PrettyView = lazyView(() => import('./pretty-view.tsx'));
export const TreeView = lazyView(() => import('./tree-view.tsx'));
export const TableView = lazyView(() => import('./table-view.tsx'));

/** Loads the views' code, so the first payload renders without waiting. */
export function preloadViews(): Promise<unknown> {
  return Promise.all([PrettyView.preload(), TableView.preload(), TreeView.preload()]);
}
