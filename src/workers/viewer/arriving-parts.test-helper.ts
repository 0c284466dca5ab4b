/**
 * Tests' stand-in for an answer arriving: a payload's first part, and a sink that posts the
 * others onto the port the viewer's worker reads (analyzeFromPort), as the client's worker does.
 */
import { partsSink } from './payload-parts-port.ts';

/** The payload cut after `headChars`, and the rest sent in parts of `partChars`. */
export function arrivingParts(
  payload: string,
  headChars: number,
  partChars: number,
): { head: string; port: MessagePort; sendRest(complete?: boolean): void } {
  const channel = new MessageChannel();
  const sink = partsSink(channel.port2);
  return {
    head: payload.slice(0, headChars),
    port: channel.port1,
    sendRest(complete = true) {
      for (let at = headChars; at < payload.length; at += partChars)
        sink.part(payload.slice(at, at + partChars));
      sink.end(complete);
    },
  };
}

/**
 * The head of a record list still arriving: `count` whole records, then one cut inside its first
 * child, with an entity in each title.
 */
export function headCutInRecord(count: number): string {
  const records = Array.from(
    { length: count },
    (_, n) => `<Stub ID="s${n}"><Title>T &amp; ${n}</Title></Stub>`,
  );
  return `<AssetStubs>${records.join('')}<Stub ID="cut"><Ti`;
}
