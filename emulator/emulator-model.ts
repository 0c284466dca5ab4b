// The emulator's own model (normal mode). The real service's semantics are not public: this is
// a plausible, documented stand-in (docs/emulator.md), not a copy of anything.
import { randomUUID } from 'node:crypto';
import { OPERATIONS, type OperationName } from '../src/protocol/operations.ts';
import { DEMO_INDEXES, DEMO_USERS, SEED_STUBS_KEY } from './demo-users.ts';
import { ownerOf, type EmulatorStore } from './store.ts';
import { userIdFor } from './user-id.ts';
import { matchesFilter, parseFilterCriteria } from './filter-criteria.ts';
import { MIN_STUB_BYTES } from './stub-builder.ts';
import { StubMemo } from './stub-memo.ts';
import {
  methodFrame,
  ServiceMethodError,
  type AddUserAssetIndexInput,
  type AssetStubsRecord,
  type GetAssetStubsInput,
  type InodeModel,
} from './model-types.ts';

/** The AssetType (GetAssetStubs) or MediaType (AddUserAssetIndex) that makes the method throw. */
export const FAULT_HOOK = '!fault';

/** The exception the fault hook raises inside the web method. */
function faultHookError(operation: OperationName, parameter: string): ServiceMethodError {
  return new ServiceMethodError(
    'System.ApplicationException',
    `${operation} was asked to fail (${parameter}=${FAULT_HOOK}, an emulator test hook)`,
    [
      methodFrame(
        operation,
        OPERATIONS[operation].parameters.map((p) => p.name),
      ),
    ],
  );
}

function failure(errorCode: string, errorMessage: string): AssetStubsRecord {
  return {
    Success: false,
    ErrorMessage: errorMessage,
    ErrorCode: errorCode,
    Exception: null,
    DataStubs: null,
    NewRecordID: '',
    UserID: null,
  };
}

function isAbsoluteUri(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** Seeds the demo users (and their sample indexes when they have none). Idempotent. */
export function seedDemoUsers(store: EmulatorStore, now = new Date()): void {
  for (const user of DEMO_USERS) {
    const owner = ownerOf('emulator', user.openIdKey);
    store.upsertUser(owner, user.displayName);
    const samples = DEMO_INDEXES[user.openIdKey] ?? [];
    if (samples.length > 0 && store.countIndexes(owner) === 0) {
      samples.forEach((sample, n) => {
        store.addIndex(owner, {
          recordId: randomUUID(),
          serviceUri: sample.serviceUri,
          mediaType: sample.mediaType,
          createdAt: new Date(now.getTime() - (samples.length - n) * 3_600_000).toISOString(),
        });
      });
    }
  }
}

const SEED_ADJECTIVES = [
  'Quiet',
  'Golden',
  'Northern',
  'Hidden',
  'Bright',
  'Distant',
  'Silver',
  'Early',
];
const SEED_NOUNS = [
  'Harbour',
  'Meadow',
  'Skyline',
  'Forest',
  'Studio',
  'Archive',
  'Canyon',
  'Market',
];
const SEED_MEDIA = [
  ['image', 'jpg'],
  ['video', 'mp4'],
  ['audio', 'mp3'],
  ['document', 'pdf'],
] as const;

/**
 * Gives the `seed-stubs` user exactly `count` deterministic indexes (IDs, URIs, dates all derive
 * from the position), in one transaction. Skipped when the user already has exactly that many.
 */
export function seedStubs(store: EmulatorStore, count: number): void {
  const owner = ownerOf('emulator', SEED_STUBS_KEY);
  store.upsertUser(owner, `Seeded user with ${count} stubs`);
  if (store.countIndexes(owner) === count) return;
  const epoch = Date.UTC(2025, 0, 1);
  store.replaceIndexes(owner, count, (n) => {
    const [mediaType, extension] = SEED_MEDIA[n % SEED_MEDIA.length] ?? SEED_MEDIA[0];
    const adjective = SEED_ADJECTIVES[n % SEED_ADJECTIVES.length] ?? '';
    const noun = SEED_NOUNS[Math.floor(n / SEED_ADJECTIVES.length) % SEED_NOUNS.length] ?? '';
    return {
      recordId: `5eed0000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
      serviceUri: `https://seed.example.org/library/${mediaType}/${adjective.toLowerCase()}-${noun.toLowerCase()}-${n}.${extension}`,
      mediaType,
      createdAt: new Date(epoch + n * 60_000).toISOString(),
    };
  });
}

/**
 * How far an unfiltered answer's stubs are counted to tell its least length: 10,000 × 150 bytes
 * tells an answer over any stream threshold up to 1.5 MB (the default is 512 KiB) in about
 * half a millisecond, where counting 600,000 takes 30.
 */
export const LEAST_LENGTH_ROWS = 10_000;

/**
 * Creates the normal-mode model.
 * @example createEmulatorModel(store).getAssetStubs({ OpenIDKey: 'demo-alice-key', AssetType: 'image', OtherFilterCriteria: '' })
 */
export function createEmulatorModel(store: EmulatorStore, stubs = new StubMemo()): InodeModel {
  return {
    getAssetStubs(input: GetAssetStubsInput): AssetStubsRecord {
      const { OpenIDKey, AssetType, OtherFilterCriteria } = input;
      if (AssetType === FAULT_HOOK) throw faultHookError('GetAssetStubs', 'AssetType');
      if (!OpenIDKey) return failure('400', 'OpenIDKey is required');
      const owner = ownerOf('emulator', OpenIDKey);
      if (!store.hasUser(owner)) return failure('401', 'OpenIDKey is not recognised');
      const wantedType = (AssetType ?? '').trim().toLowerCase();
      const terms = parseFilterCriteria(OtherFilterCriteria);
      const until = store.lastSeq(owner);
      // Read and filtered as the answer is written (see EmulatorStore.iterateIndexes).
      function* render(indent: string | null): Generator<string> {
        for (const index of store.iterateIndexes(owner, until)) {
          if (wantedType && (index.mediaType ?? '').trim().toLowerCase() !== wantedType) continue;
          if (terms.length > 0 && !matchesFilter(stubs.stub(index), terms)) continue;
          yield stubs.markup(index, indent);
        }
      }
      // Unfiltered, every stub up to `until` is written: the answer's least length is known now.
      const renderAtLeastBytes =
        wantedType || terms.length > 0
          ? 0
          : store.countIndexesUpTo(owner, LEAST_LENGTH_ROWS) * MIN_STUB_BYTES;
      return {
        Success: true,
        ErrorMessage: '',
        ErrorCode: null,
        Exception: null,
        DataStubs: { name: 'AssetStubs', attributes: [['xmlns', '']], render, renderAtLeastBytes },
        NewRecordID: store.lastRecordId(owner) ?? '',
        UserID: userIdFor(OpenIDKey),
      };
    },

    addUserAssetIndex(input: AddUserAssetIndexInput): string {
      const { OpenIDKey, ServiceURI, MediaType } = input;
      if (MediaType === FAULT_HOOK) throw faultHookError('AddUserAssetIndex', 'MediaType');
      if (!OpenIDKey) return 'ERROR: OpenIDKey is required';
      const owner = ownerOf('emulator', OpenIDKey);
      if (!store.hasUser(owner)) return 'ERROR: OpenIDKey is not recognised';
      // Validated on a trimmed copy, stored exactly as sent: the user's value must come back
      // byte for byte (spaces, tabs and line breaks included) in the stubs.
      const serviceUri = ServiceURI ?? '';
      if (!serviceUri.trim()) return 'ERROR: ServiceURI is required';
      if (!isAbsoluteUri(serviceUri.trim())) return 'ERROR: ServiceURI must be an absolute URI';
      const mediaType = MediaType ?? '';
      if (!mediaType.trim()) return 'ERROR: MediaType is required';
      const recordId = randomUUID();
      store.addIndex(owner, {
        recordId,
        serviceUri,
        mediaType,
        createdAt: new Date().toISOString(),
      });
      return recordId;
    },
  };
}
