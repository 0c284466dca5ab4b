import { useRef, type KeyboardEvent } from 'react';

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

/** ARIA tabs: arrow keys, Home and End move between tabs (automatic activation). */
export function ViewTabs({
  idPrefix,
  active,
  onChange,
}: {
  idPrefix: string;
  active: ViewTab;
  onChange: (tab: ViewTab) => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = VIEW_TABS.findIndex((t) => t.id === active);
    const moves: Record<string, number> = {
      ArrowRight: (at + 1) % VIEW_TABS.length,
      ArrowLeft: (at - 1 + VIEW_TABS.length) % VIEW_TABS.length,
      Home: 0,
      End: VIEW_TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = VIEW_TABS[target];
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
      {VIEW_TABS.map((tab) => (
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
