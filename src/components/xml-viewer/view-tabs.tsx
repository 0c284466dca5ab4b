import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export type ViewTab = 'pretty' | 'tree' | 'table' | 'xpath' | 'raw';

export const VIEW_TABS: ReadonlyArray<{ id: ViewTab; label: string }> = [
  { id: 'pretty', label: 'Pretty' },
  { id: 'tree', label: 'Tree' },
  { id: 'table', label: 'Table' },
  { id: 'xpath', label: 'XPath' },
  { id: 'raw', label: 'Raw' },
];

export function tabId(idPrefix: string, tab: ViewTab): string {
  return `${idPrefix}-tab-${tab}`;
}

export function panelId(idPrefix: string, tab: ViewTab): string {
  return `${idPrefix}-panel-${tab}`;
}

/** The panel of one tab, labelled by it; `hidden` keeps a panel mounted but out of view. */
export function ViewPanel({
  idPrefix,
  view,
  hidden = false,
  children,
}: {
  idPrefix: string;
  view: ViewTab;
  hidden?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={panelId(idPrefix, view)}
      aria-labelledby={tabId(idPrefix, view)}
      className="xv-panel"
      data-view={view}
      hidden={hidden}
    >
      {children}
    </div>
  );
}

/** ARIA tabs: arrow keys, Home and End move between tabs (automatic activation). */
export function ViewTabs({
  idPrefix,
  active,
  onChange,
  tabs = VIEW_TABS,
}: {
  idPrefix: string;
  active: ViewTab;
  onChange: (tab: ViewTab) => void;
  /** The views offered; all of them unless only some can be shown yet. */
  tabs?: ReadonlyArray<{ id: ViewTab; label: string }>;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((t) => t.id === active);
    const moves: Record<string, number> = {
      ArrowRight: (at + 1) % tabs.length,
      ArrowLeft: (at - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = tabs[target];
    if (!tab) return;
    onChange(tab.id);
    listRef.current
      ?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(idPrefix, tab.id))}`)
      ?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="DataStubs views"
      className="xv-tabs"
      ref={listRef}
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={tabId(idPrefix, tab.id)}
          aria-selected={tab.id === active}
          aria-controls={panelId(idPrefix, tab.id)}
          tabIndex={tab.id === active ? 0 : -1}
          onClick={() => onChange(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
