/**
 * The stubs page's shareable state in the URL: the non-secret parameters and the binding.
 * The OpenIDKey is never read from or written to the URL.
 */
import type { Binding } from '../../protocol/operations.ts';
import { isBinding } from '../../settings/settings-store.ts';

export interface StubsUrlState {
  AssetType: string;
  OtherFilterCriteria: string;
  binding: Binding | null;
}

/** Search parameters that must never stay in the address bar. */
export const SECRET_URL_PARAMS = ['OpenIDKey'];

/** @example readStubsUrl(new URLSearchParams('AssetType=image')).AssetType // 'image' */
export function readStubsUrl(params: URLSearchParams): StubsUrlState {
  const binding = params.get('binding');
  return {
    AssetType: params.get('AssetType') ?? '',
    OtherFilterCriteria: params.get('OtherFilterCriteria') ?? '',
    binding: isBinding(binding) ? binding : null,
  };
}

/** @example writeStubsUrl({ AssetType: 'a', OtherFilterCriteria: '', binding: 'soap11' }).toString() */
export function writeStubsUrl(state: StubsUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.AssetType) params.set('AssetType', state.AssetType);
  if (state.OtherFilterCriteria) params.set('OtherFilterCriteria', state.OtherFilterCriteria);
  if (state.binding) params.set('binding', state.binding);
  return params;
}
