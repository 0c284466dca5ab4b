import { deriveStub, renderStub } from '../../emulator/stub-builder.ts';

const MEDIA = ['image', 'audio', 'video', 'text'];

/**
 * A DataStubs payload of `count` stubs as the embedded emulator writes them (indented, five
 * fields each, escaped characters and non-ASCII text in every ServiceURI): about 400 characters
 * a stub, so 30,000 stubs make about 12 M characters. With `ascii`, the ServiceURIs are plain
 * ASCII, as the emulator's seeded stubs are (the viewer bench's payload).
 */
export function stubsPayload(count: number, { ascii = false } = {}): string {
  const stubs: string[] = [];
  for (let i = 0; i < count; i++) {
    const stub = deriveStub({
      seq: i + 1,
      recordId: `5eed${i.toString(16).padStart(4, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
      serviceUri: ascii
        ? `https://seed.example.org/library/collection-${i % 97}/item-${i}.jpg`
        : `http://media.example.org/vault/collection-${i % 97}/Tom & Jerry <${i}> café 漢字`,
      mediaType: MEDIA[i % 4] ?? 'image',
      createdAt: '2026-11-25T09:00:00Z',
    });
    stubs.push(renderStub(stub, '    '));
  }
  return `<AssetStubs xmlns="">${stubs.join('')}\n  </AssetStubs>`;
}
