import './har-export.css';
import { useId, useState } from 'react';
import { buildHar, serializeHar, type HarSourceCall } from '../../har/build-har.ts';
import { downloadText } from '../xml-viewer/clipboard-and-download.ts';

export interface HarExportProps {
  /** The calls to export, as sent and received (not redacted: the export redacts). */
  calls: () => HarSourceCall[] | Promise<HarSourceCall[]>;
  /** Without .har. */
  fileName: string;
  /** Offer to include the key: only when the calls used one the page still knows. */
  canRevealKey: boolean;
  label?: string;
}

const CREATOR = { name: 'Inode Console', version: '0.1.0' };

/**
 * "Export HAR": the calls as HAR 1.2, the OpenIDKey redacted unless the user ticks the box for
 * this one export (the box clears itself afterwards).
 * @example <HarExport calls={() => [call]} fileName="getassetstubs-soap11" canRevealKey />
 */
export function HarExport({ calls, fileName, canRevealKey, label = 'Export HAR' }: HarExportProps) {
  const revealId = useId();
  const [reveal, setReveal] = useState(false);
  const [message, setMessage] = useState('');
  const exportHar = async () => {
    const revealKey = canRevealKey && reveal;
    try {
      const sources = await calls();
      if (sources.length === 0) {
        setMessage('Nothing to export: no call here has a stored exchange.');
        return;
      }
      const har = buildHar(sources, {
        revealKey,
        origin: window.location.origin,
        creator: CREATOR,
      });
      const secrets = sources.flatMap((call) => call.secrets);
      downloadText(serializeHar(har, secrets, revealKey), `${fileName}.har`, 'application/json');
      setMessage(
        `Exported ${sources.length === 1 ? 'one call' : `${sources.length} calls`} as ${fileName}.har${revealKey ? ', with the OpenIDKey readable in the file' : ', OpenIDKey redacted'}.`,
      );
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'The export failed.');
    } finally {
      setReveal(false);
    }
  };
  return (
    <div className="har-export">
      <button type="button" className="secondary" onClick={() => void exportHar()}>
        {label}
      </button>
      {canRevealKey && (
        <span className="har-reveal">
          <input
            id={revealId}
            type="checkbox"
            checked={reveal}
            onChange={(e) => setReveal(e.currentTarget.checked)}
          />
          <label htmlFor={revealId}>Include the OpenIDKey in clear in this export</label>
        </span>
      )}
      <span role="status" className="muted">
        {message}
      </span>
    </div>
  );
}
