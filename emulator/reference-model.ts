// --reference-mode: the reference service (fixtures/reference/service/Inode.asmx) rewritten
// line for line, so that the captures can be replayed against the emulator. Any non-empty key
// is accepted, key `bad` gives the 401 failure, AssetType `throw` raises, and indexes come back
// in insertion order, filtered by ordinal (case-sensitive) comparisons.
import { randomUUID } from 'node:crypto';
import { ownerOf, type EmulatorStore } from './store.ts';
import { element, type XmlElement } from './xml-node.ts';
import { userIdFor } from './user-id.ts';
import {
  methodFrame,
  ServiceMethodError,
  type AddUserAssetIndexInput,
  type AssetStubsRecord,
  type GetAssetStubsInput,
  type InodeModel,
} from './model-types.ts';

/**
 * Creates the reference-mode model over a store.
 * @example createReferenceModel(EmulatorStore.open(':memory:')).addUserAssetIndex({ OpenIDKey: 'a', ServiceURI: 'x', MediaType: 'y' })
 */
export function createReferenceModel(store: EmulatorStore): InodeModel {
  return {
    getAssetStubs(input: GetAssetStubsInput): AssetStubsRecord {
      const { OpenIDKey, AssetType, OtherFilterCriteria } = input;
      if (AssetType === 'throw') {
        throw new ServiceMethodError(
          'System.ApplicationException',
          'GetAssetStubs was asked to throw (AssetType=throw)',
          [methodFrame('GetAssetStubs', ['OpenIDKey', 'AssetType', 'OtherFilterCriteria'])],
        );
      }
      if (OpenIDKey === 'bad') {
        return {
          Success: false,
          ErrorMessage: 'Invalid key',
          ErrorCode: '401',
          Exception: `System.UnauthorizedAccessException: OpenIDKey 'bad' is not valid; AssetType=[${AssetType ?? ''}] OtherFilterCriteria=[${OtherFilterCriteria ?? ''}]`,
          DataStubs: null,
          NewRecordID: '',
          UserID: null,
        };
      }
      const indexes = OpenIDKey === null ? [] : store.listIndexes(ownerOf('reference', OpenIDKey));
      const stubs: XmlElement[] = [];
      for (const index of indexes) {
        if (AssetType && index.mediaType !== AssetType) continue;
        if (
          OtherFilterCriteria &&
          (index.serviceUri === null || !index.serviceUri.includes(OtherFilterCriteria))
        ) {
          continue;
        }
        stubs.push(
          element(
            'Stub',
            [
              ['ID', index.recordId],
              ['Type', 'UserAssetIndex'],
              ['ServiceURI', index.serviceUri ?? ''],
              ['MediaType', index.mediaType ?? ''],
            ],
            [element('Title', [], index.serviceUri ?? '')],
          ),
        );
      }
      return {
        Success: true,
        ErrorMessage: '',
        ErrorCode: null,
        Exception: null,
        DataStubs: element('AssetStubs', [['xmlns', '']], stubs),
        NewRecordID: '',
        UserID: userIdFor(OpenIDKey),
      };
    },

    addUserAssetIndex(input: AddUserAssetIndexInput): string {
      if (!input.OpenIDKey) return 'ERROR: OpenIDKey is required';
      const recordId = randomUUID();
      store.addIndex(ownerOf('reference', input.OpenIDKey), {
        recordId,
        serviceUri: input.ServiceURI,
        mediaType: input.MediaType,
        createdAt: new Date().toISOString(),
      });
      return recordId;
    },
  };
}
