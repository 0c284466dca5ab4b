/**
 * MediaType values used before in this browser, offered as suggestions. Non-secret, so
 * localStorage is fine; newest first, at most MAX_REMEMBERED.
 */
import { safeLocalStorage } from './settings-store.ts';

const STORAGE_KEY = 'inode-console.media-types';
export const MAX_REMEMBERED = 20;

export function loadMediaTypes(storage: Storage | undefined = safeLocalStorage()): string[] {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(raw)
      ? raw.filter((v): v is string => typeof v === 'string' && v !== '').slice(0, MAX_REMEMBERED)
      : [];
  } catch {
    return [];
  }
}

/** @example rememberMediaType('image') // ['image', ...older] */
export function rememberMediaType(
  value: string,
  storage: Storage | undefined = safeLocalStorage(),
): string[] {
  const trimmed = value.trim();
  const next = [trimmed, ...loadMediaTypes(storage).filter((v) => v !== trimmed)]
    .filter((v) => v !== '')
    .slice(0, MAX_REMEMBERED);
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Suggestions are a convenience; losing them is harmless.
  }
  return next;
}
