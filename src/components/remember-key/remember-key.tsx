import { useId } from 'react';
import { useKeyMemory } from '../../session/key-memory.tsx';

/**
 * The explicit opt-in to keep the OpenIDKey in this tab's sessionStorage (cleared when the tab
 * closes). Off by default: the key otherwise lives in memory only.
 * @example <RememberKey />
 */
export function RememberKey() {
  const id = useId();
  const { rememberInTab, setRememberInTab } = useKeyMemory();
  return (
    <div className="checkbox">
      <input
        id={id}
        type="checkbox"
        checked={rememberInTab}
        onChange={(e) => setRememberInTab(e.target.checked)}
      />
      <label htmlFor={id}>Remember the key in this tab until it closes (sessionStorage)</label>
    </div>
  );
}
