import { formatBytes } from '../../text/format.ts';

/**
 * What the tree index, the record table and the text they point into take in the viewer's
 * worker, per byte of payload: 3.5 on the emulator's 66 MB of stubs (docs/performance.md, "The
 * index of a payload over the limit"). The estimate the button gives before a person asks.
 */
const INDEX_MEMORY_PER_PAYLOAD_BYTE = 3.5;

export type IndexRequest =
  | { status: 'not-asked' }
  | { status: 'building'; progress: number }
  | { status: 'failed'; message: string };

/**
 * A view that needs the tree index, on a payload over the index limit: why it is not built, and
 * a button that builds it for this payload (with what it costs), its progress, or its failure.
 *
 * @example <IndexOverLimit refusal={reason} payloadBytes={n} request={r} onBuild={build} view="Table" />
 */
export function IndexOverLimit({
  refusal,
  payloadBytes,
  request,
  onBuild,
  view,
}: {
  refusal: string;
  payloadBytes: number;
  request: IndexRequest;
  onBuild: () => void;
  /** The view asking, in the button's label. */
  view: 'Tree' | 'Table' | 'XPath';
}) {
  if (request.status === 'building') {
    return (
      <p role="status" className="xv-muted">
        Building the tree index and the table…{' '}
        <progress max={1} value={request.progress} aria-label="Index progress" />
      </p>
    );
  }
  return (
    <div className="xv-over-limit">
      {request.status === 'failed' ? (
        <p role="alert">
          The tree index could not be built: {request.message}. The Pretty and Raw views and the
          download still work.
        </p>
      ) : (
        <p role="alert">{refusal} The Pretty and Raw views and the download still work.</p>
      )}
      {request.status === 'not-asked' && (
        <p>
          <button type="button" onClick={onBuild}>
            Build the index for {view}
          </button>{' '}
          <span className="xv-muted">
            It takes about {formatBytes(payloadBytes * INDEX_MEMORY_PER_PAYLOAD_BYTE)} of memory in
            this tab and a few seconds; Tree, Table and XPath then all work. The limit is in
            Settings.
          </span>
        </p>
      )}
    </div>
  );
}
