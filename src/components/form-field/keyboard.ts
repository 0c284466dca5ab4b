import type { KeyboardEvent } from 'react';

/**
 * A form's onKeyDown that submits on Ctrl+Enter (Cmd+Enter on a Mac), from any field.
 * @example <form onKeyDown={submitOnCtrlEnter(() => void submit())}>
 */
export function submitOnCtrlEnter(submit: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };
}
