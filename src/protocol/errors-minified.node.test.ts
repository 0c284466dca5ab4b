/**
 * The console tells errors apart by `name`, and the production build minifies class names. This
 * bundles the client as the build does (minified, names not kept) and checks that every error
 * kind still carries its exact class name.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { loadCapture } from '../../fixtures/captures.ts';
import type * as Protocol from './index.ts';

async function loadMinifiedProtocol(): Promise<typeof Protocol> {
  const out = await build({
    entryPoints: [new URL('./index.ts', import.meta.url).pathname],
    bundle: true,
    minify: true,
    keepNames: false,
    format: 'esm',
    platform: 'browser',
    write: false,
  });
  const code = out.outputFiles[0]?.text ?? '';
  // The check is only meaningful if the minifier really renamed the classes.
  expect(code).not.toMatch(/class SoapFaultError\b/);
  return (await import(
    `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
  )) as typeof Protocol;
}

/** A fetch that answers with a captured response, as the real server sent it. */
function replay(captureName: string): typeof fetch {
  const { response } = loadCapture(captureName);
  return () =>
    Promise.resolve(
      new Response(response.body.length ? new Uint8Array(response.body) : null, {
        status: response.status,
        headers: response.headers,
      }),
    );
}

const PARAMS = { OpenIDKey: 'demo', AssetType: '', OtherFilterCriteria: '' };
const NAMESPACE = 'http://assets.example.net/inode/';

describe('error names in a minified build', () => {
  it('every error kind keeps its exact class name', async () => {
    const protocol = await loadMinifiedProtocol();
    const failure = async (
      binding: Protocol.Binding,
      fetch: typeof globalThis.fetch,
      params = PARAMS,
      timeoutMs = 5_000,
      maxBodyBytes?: number,
    ): Promise<unknown> => {
      const client = protocol.createInodeClient({
        baseUrl: 'http://127.0.0.1:1',
        binding,
        namespace: NAMESPACE,
        fetch,
        timeoutMs,
        ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
      });
      return client.getAssetStubs(params).then(
        () => new Error('expected the call to fail'),
        (error: unknown) => error,
      );
    };
    const never: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );

    const names = {
      SoapFaultError: await failure('soap11', replay('get_soap11_throw')),
      ServiceError: await failure('http-post', replay('get_httppost_throw')),
      HttpError: await failure('soap11', replay('unknown_path_asmx')),
      ResponseFormatError: await failure('soap11', replay('help_page')),
      TransportError: await failure('soap11', () => Promise.reject(new TypeError('fetch failed'))),
      TimeoutError: await failure('soap11', never, PARAMS, 20),
      ResponseTooLargeError: await failure(
        'soap11',
        replay('get_soap11_success'),
        PARAMS,
        5_000,
        10,
      ),
      InputError: await failure('soap11', replay('get_soap11_success'), {
        ...PARAMS,
        AssetType: 'a\u0001b',
      }),
    };
    for (const [expected, error] of Object.entries(names)) {
      expect(error, expected).toBeInstanceOf(protocol.InodeError);
      expect((error as Error).name).toBe(expected);
    }
    expect(Object.keys(names).sort()).toEqual([...protocol.ERROR_NAMES].sort());
  });
});
