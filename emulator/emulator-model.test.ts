import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmulatorStore, ownerOf } from './store.ts';
import {
  createEmulatorModel,
  FAULT_HOOK,
  LEAST_LENGTH_ROWS,
  seedDemoUsers,
  seedStubs,
} from './emulator-model.ts';
import { createReferenceModel } from './reference-model.ts';
import { DEMO_USERS, SEED_STUBS_KEY } from './demo-users.ts';
import { ServiceMethodError, type AssetStubsRecord, type InodeModel } from './model-types.ts';
import { writeElement } from './xml-node.ts';
import {
  deriveStub,
  MIN_STUB_BYTES,
  renderStub,
  renderStubSlow,
  titleFor,
} from './stub-builder.ts';

let store: EmulatorStore;
let model: InodeModel;
const alice = DEMO_USERS[0]?.openIdKey ?? '';
const erin = 'demo-empty-key';

function stubsXml(record: AssetStubsRecord): string {
  return record.DataStubs ? writeElement(record.DataStubs, null).join('') : '';
}

function stubCount(record: AssetStubsRecord): number {
  return stubsXml(record).match(/<Stub /g)?.length ?? 0;
}

beforeEach(() => {
  store = EmulatorStore.open(':memory:');
  seedDemoUsers(store, new Date('2026-01-01T00:00:00Z'));
  model = createEmulatorModel(store);
});
afterEach(() => store.close());

describe('emulator model: AddUserAssetIndex', () => {
  it('stores a valid index and returns its ID, which GetAssetStubs then lists and reports as NewRecordID', () => {
    const id = model.addUserAssetIndex({
      OpenIDKey: erin,
      ServiceURI: 'https://a.example/x.png',
      MediaType: 'image',
    });
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const record = model.getAssetStubs({ OpenIDKey: erin, AssetType: '', OtherFilterCriteria: '' });
    expect(stubsXml(record)).toContain(`ID="${id}"`);
    expect(record.NewRecordID).toBe(id);
  });

  it.each([
    [
      { OpenIDKey: '', ServiceURI: 'https://a/', MediaType: 'image' },
      'ERROR: OpenIDKey is required',
    ],
    [
      { OpenIDKey: null, ServiceURI: 'https://a/', MediaType: 'image' },
      'ERROR: OpenIDKey is required',
    ],
    [
      { OpenIDKey: 'nobody', ServiceURI: 'https://a/', MediaType: 'image' },
      'ERROR: OpenIDKey is not recognised',
    ],
    [{ OpenIDKey: erin, ServiceURI: '', MediaType: 'image' }, 'ERROR: ServiceURI is required'],
    [{ OpenIDKey: erin, ServiceURI: null, MediaType: 'image' }, 'ERROR: ServiceURI is required'],
    [
      { OpenIDKey: erin, ServiceURI: 'media/relative.png', MediaType: 'image' },
      'ERROR: ServiceURI must be an absolute URI',
    ],
    [{ OpenIDKey: erin, ServiceURI: 'https://a/', MediaType: ' ' }, 'ERROR: MediaType is required'],
  ])('refuses %o with %s and stores nothing', (input, expected) => {
    expect(model.addUserAssetIndex(input)).toBe(expected);
    expect(store.countIndexes(ownerOf('emulator', erin))).toBe(0);
  });

  it('stores ServiceURI and MediaType exactly as sent (validated on a trimmed copy)', () => {
    const serviceUri = ' \thttps://a.example/x y.png\r\n ';
    const mediaType = '  Image\t';
    const id = model.addUserAssetIndex({
      OpenIDKey: erin,
      ServiceURI: serviceUri,
      MediaType: mediaType,
    });
    expect(id).not.toMatch(/^ERROR/);
    const [stored] = store.listIndexes(ownerOf('emulator', erin));
    expect(stored).toMatchObject({ serviceUri, mediaType });
    const record = model.getAssetStubs({
      OpenIDKey: erin,
      AssetType: 'image',
      OtherFilterCriteria: '',
    });
    expect(stubsXml(record)).toContain(
      'ServiceURI=" &#x9;https://a.example/x y.png&#xD;&#xA; " MediaType="  Image&#x9;"',
    );
    expect(stubsXml(record)).toContain('<Title>X Y</Title><Source>a.example</Source>');
    expect(
      stubCount(
        model.getAssetStubs({ OpenIDKey: erin, AssetType: mediaType, OtherFilterCriteria: '' }),
      ),
    ).toBe(1);
  });

  it('raises for the MediaType fault hook', () => {
    expect(() =>
      model.addUserAssetIndex({ OpenIDKey: erin, ServiceURI: 'https://a/', MediaType: FAULT_HOOK }),
    ).toThrow(ServiceMethodError);
  });
});

describe('emulator model: GetAssetStubs', () => {
  it('answers an unknown or empty key with Success=false, ErrorCode and ErrorMessage, no DataStubs', () => {
    const unknown = model.getAssetStubs({
      OpenIDKey: 'who',
      AssetType: '',
      OtherFilterCriteria: '',
    });
    expect(unknown).toMatchObject({
      Success: false,
      ErrorCode: '401',
      ErrorMessage: 'OpenIDKey is not recognised',
      DataStubs: null,
      UserID: null,
    });
    const empty = model.getAssetStubs({ OpenIDKey: '', AssetType: '', OtherFilterCriteria: '' });
    expect(empty).toMatchObject({ Success: false, ErrorCode: '400', DataStubs: null });
  });

  it('lists every seeded index for an empty AssetType and filters case-insensitively by media type', () => {
    expect(
      stubCount(model.getAssetStubs({ OpenIDKey: alice, AssetType: '', OtherFilterCriteria: '' })),
    ).toBe(5);
    expect(
      stubCount(
        model.getAssetStubs({ OpenIDKey: alice, AssetType: 'IMAGE', OtherFilterCriteria: null }),
      ),
    ).toBe(2);
    expect(
      stubCount(
        model.getAssetStubs({ OpenIDKey: alice, AssetType: 'hologram', OtherFilterCriteria: '' }),
      ),
    ).toBe(0);
  });

  it('filters by OtherFilterCriteria: bare terms over ServiceURI and Title, fields, quotes, AND', () => {
    const count = (criteria: string): number =>
      stubCount(
        model.getAssetStubs({ OpenIDKey: alice, AssetType: '', OtherFilterCriteria: criteria }),
      );
    expect(count('VAULT')).toBe(2);
    expect(count('city lights')).toBe(1);
    expect(count('"Morning Interview"')).toBe(1);
    expect(count('title:keynote')).toBe(1);
    expect(count('uri:keynote media:video')).toBe(1);
    expect(count('uri:keynote media:audio')).toBe(0);
    expect(count('https://docs.example.org')).toBe(1);
    expect(count('   ')).toBe(5);
  });

  it('reports UserID as user- and 12 hex digits of MD5(key), ErrorMessage empty, null fields null', () => {
    const record = model.getAssetStubs({
      OpenIDKey: 'demo-alice-key',
      AssetType: '',
      OtherFilterCriteria: '',
    });
    expect(record).toMatchObject({
      Success: true,
      ErrorMessage: '',
      ErrorCode: null,
      Exception: null,
    });
    expect(record.UserID).toMatch(/^user-[0-9a-f]{12}$/);
  });

  it('derives the same stubs every time (deterministic), with realistic children', () => {
    const first = stubsXml(
      model.getAssetStubs({ OpenIDKey: alice, AssetType: '', OtherFilterCriteria: '' }),
    );
    const second = stubsXml(
      model.getAssetStubs({ OpenIDKey: alice, AssetType: '', OtherFilterCriteria: '' }),
    );
    expect(second).toBe(first);
    expect(first).toContain('<Title>Sunrise Over Harbour</Title>');
    expect(first).toMatch(/<SizeBytes>\d+<\/SizeBytes>/);
    expect(first.startsWith('<AssetStubs xmlns="">')).toBe(true);
  });

  it('renders stubs on the fast path exactly as the element writer does, escaping included', () => {
    const stub = deriveStub({
      seq: 1,
      recordId: 'id-1',
      serviceUri: 'https://a.example/Tom & "Jerry" <b>\u0001.png',
      mediaType: 'image',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(renderStub(stub, null)).toBe(renderStubSlow(stub, null));
    expect(renderStub(stub, '      ')).toBe(renderStubSlow(stub, '      '));
    expect(renderStub(stub, null)).toContain(
      'ServiceURI="https://a.example/Tom &amp; &quot;Jerry&quot; &lt;b&gt;&#x1;.png"',
    );
  });

  it('writes no stub in fewer than MIN_STUB_BYTES, its values empty or not, on one line or indented', () => {
    const stubs = [
      deriveStub({ seq: 1, recordId: '', serviceUri: '', mediaType: '', createdAt: '' }),
      deriveStub({ seq: 2, recordId: '', serviceUri: null, mediaType: null, createdAt: '' }),
      ...store.listIndexes(ownerOf('emulator', alice)).map(deriveStub),
    ];
    for (const stub of stubs) {
      // Its size has four digits or more: the fewest bytes a stub takes are these less the rest.
      const extraDigits = String(renderStub(stub, null).match(/<SizeBytes>(\d+)</)?.[1]).length - 4;
      for (const indent of [null, '    ']) {
        expect(Buffer.byteLength(renderStub(stub, indent)) - extraDigits).toBeGreaterThan(
          MIN_STUB_BYTES,
        );
      }
    }
  });

  it('tells the least length of an unfiltered answer before reading its stubs, and nothing when filtered', () => {
    seedStubs(store, 40);
    const all = model.getAssetStubs({
      OpenIDKey: SEED_STUBS_KEY,
      AssetType: '',
      OtherFilterCriteria: '',
    });
    expect(all.DataStubs?.renderAtLeastBytes).toBe(40 * MIN_STUB_BYTES);
    const rendered = [...(all.DataStubs?.render?.(null) ?? [])].join('');
    expect(Buffer.byteLength(rendered)).toBeGreaterThan(40 * MIN_STUB_BYTES);
    for (const [AssetType, OtherFilterCriteria] of [
      ['image', ''],
      ['', 'golden'],
    ] as const) {
      const filtered = model.getAssetStubs({
        OpenIDKey: SEED_STUBS_KEY,
        AssetType,
        OtherFilterCriteria,
      });
      expect(filtered.DataStubs?.renderAtLeastBytes).toBe(0);
    }
    // Counted no further than LEAST_LENGTH_ROWS: a bound, not the whole count.
    seedStubs(store, LEAST_LENGTH_ROWS + 50);
    const many = model.getAssetStubs({
      OpenIDKey: SEED_STUBS_KEY,
      AssetType: '',
      OtherFilterCriteria: '',
    });
    expect(many.DataStubs?.renderAtLeastBytes).toBe(LEAST_LENGTH_ROWS * MIN_STUB_BYTES);
  });

  it('raises for the AssetType fault hook, whatever the key', () => {
    expect(() =>
      model.getAssetStubs({ OpenIDKey: 'x', AssetType: FAULT_HOOK, OtherFilterCriteria: '' }),
    ).toThrow(/asked to fail/);
  });

  it('does not treat AssetType "throw" or key "bad" specially outside reference mode', () => {
    expect(
      model.getAssetStubs({ OpenIDKey: alice, AssetType: 'throw', OtherFilterCriteria: '' })
        .Success,
    ).toBe(true);
    expect(
      model.getAssetStubs({ OpenIDKey: 'bad', AssetType: '', OtherFilterCriteria: '' }).ErrorCode,
    ).toBe('401');
  });
});

describe('the database file', () => {
  it('is named in the error when it cannot be created or is not a database', () => {
    const dir = mkdtempSync(join(tmpdir(), 'inode-store-'));
    try {
      const notADirectory = join(dir, 'file');
      writeFileSync(notADirectory, 'x');
      const below = join(notADirectory, 'emulator.sqlite');
      expect(() => EmulatorStore.open(below)).toThrow(
        `Cannot open the emulator database "${below}"`,
      );
      const garbage = join(dir, 'garbage.sqlite');
      writeFileSync(garbage, 'this is not an SQLite database, not even close'.repeat(100));
      expect(() => EmulatorStore.open(garbage)).toThrow(
        new RegExp(
          `^Cannot open the emulator database "${garbage.replace(/[.]/g, '\\.')}": .*not a database`,
        ),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('seeding', () => {
  it('gives the seed-stubs user exactly n deterministic stubs, idempotently', () => {
    seedStubs(store, 1000);
    seedStubs(store, 1000);
    const record = model.getAssetStubs({
      OpenIDKey: SEED_STUBS_KEY,
      AssetType: '',
      OtherFilterCriteria: '',
    });
    const xml = stubsXml(record);
    expect(stubCount(record)).toBe(1000);
    expect(xml).toContain('ID="5eed0000-0000-4000-8000-000000000001"');
    const again = EmulatorStore.open(':memory:');
    seedStubs(again, 1000);
    const otherXml = stubsXml(
      createEmulatorModel(again).getAssetStubs({
        OpenIDKey: SEED_STUBS_KEY,
        AssetType: '',
        OtherFilterCriteria: '',
      }),
    );
    again.close();
    expect(otherXml).toBe(xml);
  });

  it('answers from the store as it is now, after its rows were replaced under the same positions', () => {
    seedStubs(store, 50);
    const ask = () =>
      stubsXml(
        model.getAssetStubs({ OpenIDKey: SEED_STUBS_KEY, AssetType: '', OtherFilterCriteria: '' }),
      );
    const before = ask();
    expect(before).toContain('ID="5eed0000-0000-4000-8000-000000000001"');
    store.replaceIndexes(ownerOf('emulator', SEED_STUBS_KEY), 50, (n) => ({
      recordId: `replaced-${n}`,
      serviceUri: `https://other.example/replaced-ledger-${n}.pdf`,
      mediaType: 'document',
      createdAt: '2026-02-02T00:00:00.000Z',
    }));
    const after = ask();
    expect(after).not.toContain('5eed0000');
    expect(after).toContain('<Title>Replaced Ledger 50</Title>');
    expect(after.match(/<Stub /g)).toHaveLength(50);
    const fresh = createEmulatorModel(store).getAssetStubs({
      OpenIDKey: SEED_STUBS_KEY,
      AssetType: '',
      OtherFilterCriteria: 'ledger',
    });
    expect(stubsXml(fresh)).toBe(after);
  });

  it('never stores a key in clear', () => {
    expect(ownerOf('emulator', alice)).toMatch(/^[0-9a-f]{64}$/);
    expect(ownerOf('emulator', alice)).not.toContain(alice);
  });

  it('titles a URI by its last segment, else its host, else itself', () => {
    expect(titleFor('https://h.example/a/city-lights.png')).toBe('City Lights');
    expect(titleFor('https://h.example/')).toBe('h.example');
    expect(titleFor('not a uri')).toBe('not a uri');
  });
});

describe('reference model', () => {
  it('accepts any non-empty key, keeps insertion order and filters ordinally', () => {
    const reference = createReferenceModel(store);
    expect(
      reference.addUserAssetIndex({ OpenIDKey: '', ServiceURI: 'x', MediaType: 'image' }),
    ).toBe('ERROR: OpenIDKey is required');
    const a = reference.addUserAssetIndex({
      OpenIDKey: 'k',
      ServiceURI: 'http://h/Photo-1',
      MediaType: 'image',
    });
    const b = reference.addUserAssetIndex({
      OpenIDKey: 'k',
      ServiceURI: 'http://h/photo-2',
      MediaType: 'Image',
    });
    const all = stubsXml(
      reference.getAssetStubs({ OpenIDKey: 'k', AssetType: '', OtherFilterCriteria: '' }),
    );
    expect(all.indexOf(a)).toBeLessThan(all.indexOf(b));
    expect(
      stubCount(
        reference.getAssetStubs({ OpenIDKey: 'k', AssetType: 'image', OtherFilterCriteria: '' }),
      ),
    ).toBe(1);
    expect(
      stubCount(
        reference.getAssetStubs({ OpenIDKey: 'k', AssetType: '', OtherFilterCriteria: 'photo' }),
      ),
    ).toBe(1);
    expect(
      reference.getAssetStubs({ OpenIDKey: 'bad', AssetType: 'a', OtherFilterCriteria: 'b' }),
    ).toMatchObject({ ErrorCode: '401', UserID: null, NewRecordID: '' });
    expect(() =>
      reference.getAssetStubs({ OpenIDKey: 'k', AssetType: 'throw', OtherFilterCriteria: '' }),
    ).toThrow(ServiceMethodError);
  });
});
