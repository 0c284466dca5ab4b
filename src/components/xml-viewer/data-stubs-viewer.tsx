import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { downloadText, safeFileName } from './clipboard-and-download.ts';
import { useCopyStatus } from './use-copy-status.ts';
import { takeInitialHashPath, takeInitialHashXPath } from './initial-hash.ts';
import { hashParam, pathFromHash, resolveNodePath, withHashParam } from '../../xml/node-path.ts';
import { decodeXmlEntities } from '../../xml/xml-entities.ts';
import { prettyHead } from '../../xml/pretty-head.ts';
import { firstTableRows, PREFIX_CHARS, tableRowsOfPrefix } from './first-table-rows.ts';
import { recordsReadFrom } from './use-head-records.ts';
import { wantsTableHead } from '../../workers/viewer/table-transfer.ts';
import { useReadText } from '../held-text/use-read-text.ts';
import { useTextStart } from '../held-text/use-text-start.ts';
import { isHeld } from '../../text/held-text.ts';
import { firstScreenOf } from './first-screen.ts';
import type { DataStubsViewerProps } from './data-stubs-viewer-props.ts';
import { DEFAULT_MAX_INDEX_BYTES } from '../../settings/settings-store.ts';
import { PrettyView, TableView, TreeView, preloadViews } from './views/lazy-views.ts';
import { PayloadFacts } from './payload-facts.tsx';
import { useXmlAnalysis } from './use-xml-analysis.ts';
import { tabId, VIEW_TABS, ViewPanel, ViewTabs, type ViewTab } from './view-tabs.tsx';
import { useDelayedFlag } from './use-delayed-flag.ts';
import { RawView } from './views/raw-view.tsx';
import { useViewerXPath } from './use-viewer-xpath.ts';
import { useTreeStructure } from './use-tree-structure.ts';
import { XPathPanel } from './xpath-panel.tsx';
import { IndexOverLimit, type IndexRequest } from './index-over-limit.tsx';
import type { ViewerWorkerClient } from '../../workers/viewer/viewer-worker-client.ts';
import './xml-viewer.css';

export { preloadViews };

/**
 * Runs the page's pretty-printer and its reader of first records over a small document, so that
 * the viewer's first screen and a held payload's first records do not run them for the first
 * time: unoptimized, the first records of a 128 K head took twice as long (50 against 13–25 ms
 * in Node). Sixty records: two hundred made this idle task one of 100 ms on a busy page.
 */
export function warmUpViews(): void {
  const records = `<AssetStubs>${'<Stub id="1"><Title>warm-up</Title><Size>1</Size></Stub>'.repeat(60)}`;
  prettyHead(records, 2_000, [4_000]);
  tableRowsOfPrefix(records);
}

/** Progress appears only for work that is still running after this long. */
const PROGRESS_DELAY_MS = 200;

function useHashPath(
  initialPath: string | null,
  onFollowLink: () => void,
): [string | null, (path: string) => void] {
  const [path, setPath] = useState(initialPath);
  const onFollowLinkRef = useRef(onFollowLink);
  useEffect(() => {
    onFollowLinkRef.current = onFollowLink;
  });
  useEffect(() => {
    const onHashChange = () => {
      const next = pathFromHash(window.location.hash);
      setPath(next);
      if (next) onFollowLinkRef.current();
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  const update = useCallback((next: string) => {
    // replaceState: a deep link should not add history entries or wake the console's router.
    window.history.replaceState(
      window.history.state,
      '',
      withHashParam(window.location.hash, 'node', next),
    );
    setPath(next);
  }, []);
  return [path, update];
}

/**
 * The DataStubs viewer: Pretty, Tree, Table and Raw views of one payload, analysed in a Web
 * Worker. Everything is rendered as text.
 *
 * @example <DataStubsViewer xml={record.DataStubs} form={result.dataStubsForm} fileName="stubs" />
 */
export function DataStubsViewer({
  xml: receivedXml,
  form,
  fileName = 'datastubs',
  rawBody,
  xmlUtf8,
  maxIndexBytes = DEFAULT_MAX_INDEX_BYTES,
  onSummary,
  initialTab = null,
  onTabChange,
  receivedHead = null,
  arriving = null,
}: DataStubsViewerProps) {
  const idPrefix = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [decodedAgain, setDecodedAgain] = useState(false);
  // A held payload (a large answer) is read into the page only for a view that needs its text.
  const [textWanted, setTextWanted] = useState(false);
  const read = useReadText(receivedXml, textWanted || decodedAgain);
  const xml = useMemo(
    () => (decodedAgain && read.text !== null ? decodeXmlEntities(read.text) : read.text),
    [decodedAgain, read.text],
  );
  // What the views show, copy and save: the payload as received, or decoded once more.
  const payload = decodedAgain ? (xml ?? receivedXml) : receivedXml;
  // The summary describes the payload as received, not a text decoded once more here.
  const analysis = useXmlAnalysis(
    payload,
    maxIndexBytes,
    decodedAgain ? undefined : xmlUtf8,
    decodedAgain ? undefined : onSummary,
    decodedAgain ? null : arriving,
  );
  const result = analysis.status === 'done' ? analysis.result : null;
  const [chosenTab, setChosenTab] = useState<ViewTab | null>(initialTab);
  // The page hears of the views a person chooses, not of one a deep link opens.
  const chooseTab = useCallback(
    (next: ViewTab) => {
      setChosenTab(next);
      onTabChange?.(next);
    },
    [onTabChange],
  );
  // Only a link the page was opened with picks the first view; later selections do not switch views.
  const [openedWithPath] = useState(
    () => pathFromHash(window.location.hash) ?? takeInitialHashPath(),
  );
  const [hashPath, setHashPath] = useHashPath(openedWithPath, () => setChosenTab('tree'));
  const [openedWithXPath] = useState(
    () => hashParam(window.location.hash, 'xpath') ?? takeInitialHashXPath(),
  );
  const openedWithLink = openedWithPath !== null;
  useEffect(() => {
    // Put a captured link back in the address bar, where the console's router dropped it.
    if ((openedWithPath || openedWithXPath) && !window.location.hash) {
      const withNode = withHashParam('', 'node', openedWithPath);
      window.history.replaceState(
        window.history.state,
        '',
        withHashParam(withNode, 'xpath', openedWithXPath),
      );
    }
  }, [openedWithPath, openedWithXPath]);
  const [revealLine, setRevealLine] = useState<{ line: number } | null>(null);
  // The Table's resized columns, here so that they outlast a visit to another view.
  const chosenWidths = useState<Record<string, number>>({});
  const { status, setStatus, copy } = useCopyStatus();
  const showProgress = useDelayedFlag(analysis.status === 'working', PROGRESS_DELAY_MS);
  // Fetch CodeMirror and the other views while the worker is busy rather than after it.
  useEffect(() => {
    void preloadViews();
  }, []);

  // The index stays in the viewer's worker; the page copies the tree's structure for the Tree
  // and for a link to a node (which opens the Tree), and asks the worker for everything else.
  const indexedClient =
    analysis.status === 'done' && result?.indexNodeCount != null ? analysis.client : null;
  const structure = useTreeStructure(indexedClient, chosenTab === 'tree' || openedWithLink);
  const deepLinkedNode = useMemo(
    () => (structure && hashPath ? resolveNodePath(structure, hashPath) : -1),
    [structure, hashPath],
  );
  // A shared query opens on its answer; the node of the same link stays selected in Tree.
  const defaultTab: ViewTab = result?.syntaxError
    ? 'raw'
    : openedWithXPath
      ? 'xpath'
      : openedWithLink && deepLinkedNode >= 0
        ? 'tree'
        : 'pretty';
  const tab = chosenTab ?? defaultTab;
  // Pretty's first screen (no other view needs it) from the head, as the receiving view showed
  // it, while there is a head: the start read back from a held payload would give the same lines
  // (both are prefixes of one payload, and a prefix's first screen is the start of the whole
  // pretty text), worked out again. A head too short for them leaves them to the longer start.
  const headScreen = useMemo(
    () =>
      tab === 'pretty' && !decodedAgain && receivedHead !== null
        ? firstScreenOf(receivedHead)
        : null,
    [tab, decodedAgain, receivedHead],
  );
  // The records the receiving view read from the same head, when it read them: read again here,
  // on the page, they were a task of 50–80 ms as the viewer mounted (10 MB, profiled).
  // A head without a whole record leaves them to the longer start, as before.
  const headRows =
    !decodedAgain && wantsTableHead(receivedXml.length, maxIndexBytes)
      ? (recordsReadFrom(receivedHead) ?? undefined)
      : undefined;
  // A prefix's worth of work (the same cost at 1 MB and 66 MB): the first screen of Pretty, or
  // the Table's first records, painted with the viewer itself instead of after a round trip
  // through the worker. A held payload's start is read back for them only where the head that
  // arrived does not give them (reading it back was most of a 48 ms effect in the result's
  // commit at 1 MB, traced).
  const startWanted =
    !decodedAgain &&
    ((tab === 'pretty' && headScreen === null) || (tab === 'table' && headRows === undefined));
  const start = useTextStart(receivedXml, PREFIX_CHARS, startWanted);
  const startText = decodedAgain ? xml : (start.text ?? receivedHead);
  const firstScreen = useMemo(() => {
    if (tab !== 'pretty') return null;
    if (decodedAgain) return xml === null ? null : firstScreenOf(xml);
    return headScreen ?? (start.text === null ? null : firstScreenOf(start.text));
  }, [tab, decodedAgain, xml, headScreen, start.text]);
  const baseName = safeFileName(fileName);
  // Only the Raw view of a payload (not the whole body) reads its text on the page: Tree and
  // Table ask the viewer's worker for the slices of text they show, and XPath's worker reads
  // the payload itself.
  const tabNeedsText = tab === 'raw' && !rawBody;
  if (tabNeedsText && !textWanted) setTextWanted(true);
  const rawText = useReadText(rawBody ?? null, tab === 'raw');

  const xpath = useViewerXPath({
    // The text the index was built on: decoded once more on the page, or as received (a held
    // payload's Blob, which the XPath worker reads itself).
    payload: decodedAgain ? xml : isHeld(receivedXml) ? receivedXml.held : receivedXml,
    client: indexedClient,
    shown: tab === 'xpath',
    copy,
    announce: setStatus,
    onSelectPath: setHashPath,
    onShowTab: chooseTab,
    onRevealLine: setRevealLine,
  });

  const refusal = result?.indexRefusedReason ?? null;
  // Over the limit, the index is built when a person asks (once per analysis: a new payload or
  // "decode again" starts another).
  const [indexAskedOf, setIndexAskedOf] = useState<ViewerWorkerClient | null>(null);
  const doneClient = analysis.status === 'done' ? analysis.client : null;
  const indexFailure = analysis.status === 'done' ? analysis.indexFailure : null;
  const indexRequest: IndexRequest = indexFailure
    ? { status: 'failed', message: indexFailure }
    : doneClient && indexAskedOf === doneClient
      ? { status: 'building', progress: analysis.status === 'done' ? analysis.indexProgress : 0 }
      : { status: 'not-asked' };
  const overLimit = (view: 'Tree' | 'Table' | 'XPath') =>
    refusal &&
    result &&
    doneClient && (
      <IndexOverLimit
        refusal={refusal}
        payloadBytes={result.byteLength}
        request={indexRequest}
        view={view}
        onBuild={() => {
          setIndexAskedOf(doneClient);
          doneClient.indexOverLimit(isHeld(payload) ? payload.held : payload);
          // The button goes: focus waits on the view's tab, above what replaces it, not on the page.
          document.getElementById(tabId(idPrefix, tab))?.focus();
        }}
      />
    );
  const wholeTablePending = !result || (result.indexPending && !result.syntaxError && !refusal);
  // A Table chosen before the worker sent its first records gets them from the page (a bounded
  // prefix, a few milliseconds) rather than waiting for the worker's pretty-print pass.
  const wantsFirstRows =
    tab === 'table' &&
    analysis.status !== 'failed' &&
    analysis.tableHead === null &&
    wholeTablePending;
  const firstRows = useMemo(
    () =>
      wantsFirstRows && headRows === undefined && startText !== null
        ? firstTableRows(startText, receivedXml.length, maxIndexBytes)
        : null,
    [wantsFirstRows, headRows, startText, receivedXml.length, maxIndexBytes],
  );
  // Stays mounted while another view is shown, so its query and answer survive "reveal in Tree".
  const xpathPanel = () => {
    if (xpath.namespaces && xpath.runner) {
      return (
        <XPathPanel
          prepared={xpath.namespaces}
          runner={xpath.runner}
          initialQuery={openedWithXPath}
          onQueryRun={xpath.rememberQuery}
          onRevealTree={xpath.revealInTree}
          onRevealPretty={xpath.revealInPretty}
          onAnnounce={setStatus}
        />
      );
    }
    if (tab !== 'xpath') return null;
    if (result?.syntaxError) return notWellFormed('XPath', result.syntaxError.message);
    if (analysis.status === 'failed') {
      return <p role="alert">XPath needs well-formed XML; the Raw view shows what arrived.</p>;
    }
    if (refusal) {
      return (
        overLimit('XPath') || (
          <p role="alert">{refusal} XPath works on the tree index, so it is off.</p>
        )
      );
    }
    if (read.status === 'failed') return readFailed(read.message);
    if (xpath.failure) return <p role="alert">XPath could not start: {xpath.failure}</p>;
    if (indexedClient) return <p className="xv-muted">Preparing XPath…</p>;
    return <p className="xv-muted">XPath is ready once the tree index is built…</p>;
  };
  const panel = () => {
    if (tab === 'raw') {
      const raw = rawBody ? rawText : read;
      if (raw.status === 'failed') return readFailed(raw.message);
      if (raw.text === null) return <p className="xv-muted">Reading the payload…</p>;
      return <RawView text={raw.text} isWholeBody={rawBody !== undefined} />;
    }
    if (analysis.status === 'failed') {
      return <p role="alert">The viewer could not analyse this payload: {analysis.message}</p>;
    }
    const head = analysis.status === 'working' ? analysis.head : null;
    if (tab === 'pretty' && (analysis.status === 'working' || (result && !result.syntaxError))) {
      // The same element while the text grows from nothing to the worker's first lines to the
      // whole text: the editor is built while the worker starts, not after.
      return (
        <PrettyView
          text={head ?? firstScreen ?? ''}
          lineCount={result?.prettyLineCount ?? null}
          foldEnd={result?.foldEnd ?? null}
          client={analysis.status === 'done' ? analysis.client : null}
          revealLine={revealLine}
        />
      );
    }
    const tableHead = analysis.tableHead ?? headRows ?? firstRows;
    if (tab === 'table' && tableHead && wholeTablePending) {
      // The first records, read ahead by the worker or the page; sorting, filtering and the
      // record XML wait for the whole table. The same key as the whole table's view: React
      // keeps the grid and the rows on screen (their cells are the same) instead of building
      // them again when the whole table arrives.
      return (
        <TableView
          key="table"
          table={tableHead}
          client={null}
          fileName={baseName}
          onCopy={copy}
          onSelectPath={setHashPath}
          chosenWidths={chosenWidths}
        />
      );
    }
    if (!result) return <p className="xv-muted">Analysing…</p>;
    if (result.syntaxError) return notWellFormed(tab, result.syntaxError.message);
    if (result.indexPending) {
      return (
        <p role="status" className="xv-muted">
          Building the tree index and the table…{' '}
          <progress
            max={1}
            value={analysis.status === 'done' ? analysis.indexProgress : 0}
            aria-label="Index progress"
          />
        </p>
      );
    }
    if (refusal) {
      const asked = overLimit(tab === 'tree' ? 'Tree' : 'Table');
      if (asked) return asked;
    }
    if (refusal || !indexedClient) {
      return (
        <p role="alert">
          {refusal ??
            (indexFailure
              ? `The tree and table views are not available for this payload: ${indexFailure}.`
              : 'The tree and table views are not available for this payload.')}{' '}
          The Pretty and Raw views and the download still work.
        </p>
      );
    }
    if (tab === 'tree') {
      if (!structure) return <p className="xv-muted">Preparing the tree…</p>;
      return (
        <TreeView
          key={xpath.treeKey}
          client={indexedClient}
          index={structure}
          selectedNode={deepLinkedNode}
          onSelectPath={setHashPath}
          onCopy={copy}
          onCopyXPath={xpath.copyXPath}
          onShowInPretty={(line: number) => {
            setRevealLine({ line });
            chooseTab('pretty');
          }}
        />
      );
    }
    if (!result.table) {
      return (
        <p>
          No table: the root element has no repeated child elements (a list of records such as
          &lt;Stub&gt; under &lt;AssetStubs&gt;).
        </p>
      );
    }
    return (
      <TableView
        key="table"
        table={result.table}
        client={indexedClient}
        fileName={baseName}
        onCopy={copy}
        onCopyXPath={xpath.copyXPath}
        onSelectPath={setHashPath}
        chosenWidths={chosenWidths}
      />
    );
  };

  return (
    <section className="xv-viewer" aria-label="DataStubs viewer">
      <div className="xv-header">
        <PayloadFacts
          form={form ?? 'xml'}
          result={result}
          decodedAgain={decodedAgain}
          onDecodeAgain={() => setDecodedAgain(true)}
        />
        <div className="xv-actions">
          <button type="button" onClick={() => void copy(payload, 'the whole payload')}>
            Copy XML
          </button>
          <button
            type="button"
            onClick={() => downloadText(payload, `${baseName}.xml`, 'application/xml')}
          >
            Download .xml
          </button>
        </div>
      </div>
      {showProgress && analysis.status === 'working' && (
        <div className="xv-progress">
          <label>
            Analysing the payload…{' '}
            <progress max={1} value={analysis.progress}>
              {Math.round(analysis.progress * 100)}%
            </progress>
          </label>
        </div>
      )}
      <ViewTabs idPrefix={idPrefix} active={tab} onChange={chooseTab} />
      {VIEW_TABS.map(({ id }) => (
        <ViewPanel key={id} idPrefix={idPrefix} view={id} hidden={id !== tab}>
          {id === 'xpath'
            ? xpathPanel()
            : id === tab && (
                <Suspense fallback={<p className="xv-muted">Loading the {tab} view…</p>}>
                  {panel()}
                </Suspense>
              )}
        </ViewPanel>
      ))}
      <p role="status" className="xv-status">
        {status}
      </p>
    </section>
  );
}

/** A held payload whose Blob could not be read back (the browser dropped it, say). */
function readFailed(message: string) {
  return (
    <p role="alert">
      The payload could not be read back into the page: {message}. Download .xml still saves it.
    </p>
  );
}

/** The one message every view gives for a payload the reader refused. */
function notWellFormed(view: string, message: string) {
  return (
    <p role="alert">
      This payload is not well-formed XML, so it cannot be shown as {view}: {message}. The Raw view
      shows it exactly as received.
    </p>
  );
}
