/**
 * Dev-only harness for the viewer benchmark: calls GetAssetStubs through the protocol client and
 * renders the viewer alone, without the console's result page, to measure the viewer's own share.
 * Served by `vite` at /src/components/xml-viewer/harness/viewer-harness.html?key=...&binding=...
 */
import { StrictMode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  BINDING_NAMES,
  createInodeClient,
  type Binding,
  type GetAssetStubsResult,
} from '../../../protocol/index.ts';
import { DataStubsViewer } from '../index.ts';
import { errorMessage } from '../../../text/error-message.ts';

const params = new URLSearchParams(window.location.search);

function Harness() {
  const [result, setResult] = useState<GetAssetStubsResult | null>(null);
  const [error, setError] = useState('');
  const call = async () => {
    const requested = params.get('binding') as Binding | null;
    const binding = requested && BINDING_NAMES.includes(requested) ? requested : 'http-get';
    try {
      const client = createInodeClient({ baseUrl: '', binding, timeoutMs: 300_000 });
      setResult(
        await client.getAssetStubs({
          OpenIDKey: params.get('key') ?? 'seed-stubs',
          AssetType: params.get('AssetType') ?? '',
          OtherFilterCriteria: '',
        }),
      );
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  return (
    <main>
      <button type="button" onClick={() => void call()}>
        Get asset stubs
      </button>
      {error && <p role="alert">{error}</p>}
      {result?.record.DataStubs != null && (
        <Suspense fallback={<p>Loading the viewer…</p>}>
          <DataStubsViewer
            xml={result.record.DataStubs}
            form={result.dataStubsForm}
            rawBody={result.exchange.response.bodyText}
          />
        </Suspense>
      )}
    </main>
  );
}

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <Harness />
    </StrictMode>,
  );
}
