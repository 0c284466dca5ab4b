/**
 * The console's parity run and `inode-console parity` give the same verdict on the same answers:
 * each pair of answers is served by the same clients (the first answer on SOAP 1.1 and 1.2, the
 * second on HTTP POST and HTTP GET) to the console's path (callBindings, what runParity runs) and
 * to the command line's (parityOnBindings, what the command runs), and the verdicts compared.
 */
import { describe, expect, it } from 'vitest';
import { capturedAnswer } from '../fixtures/captured-answer.ts';
import { BINDING_NAMES, type Binding } from '../src/protocol/operations.ts';
import type {
  AddUserAssetIndexResult,
  AssetStubsRecord,
  Exchange,
  GetAssetStubsResult,
  InodeClient,
} from '../src/protocol/types.ts';
import { callBindings, type ParityParams } from '../src/parity/binding-result.ts';
import { parityOnBindings } from './commands/parity.ts';
import { EXIT } from './exit-codes.ts';

const KEY = 'secret-key-123';
const STUBS: ParityParams = {
  operation: 'GetAssetStubs',
  params: { OpenIDKey: KEY, AssetType: 'image', OtherFilterCriteria: '' },
};
const REGISTER: ParityParams = {
  operation: 'AddUserAssetIndex',
  params: { OpenIDKey: KEY, ServiceURI: 'https://e.example/1', MediaType: 'image' },
};

const EXCHANGE: Exchange = {
  request: { method: 'POST', url: '', headers: {}, body: '' },
  response: { status: 200, statusText: 'OK', headers: {}, bodyText: '', byteLength: 0 },
  timings: { startedAt: 0, headersMs: 1, totalMs: 2 },
};

const STUBS_XML =
  '<AssetStubs xmlns="urn:inode"><Stub ID="1" MediaType="image"><Title>One</Title></Stub><Stub ID="2" MediaType="video"><Title>Two</Title></Stub></AssetStubs>';

/** What a binding's client gives: a result, or an error it throws. */
type Answer = { value: GetAssetStubsResult | AddUserAssetIndexResult } | { error: unknown };

function stubs(record: Partial<AssetStubsRecord>): Answer {
  return {
    value: {
      record: {
        Success: true,
        ErrorMessage: '',
        ErrorCode: null,
        Exception: null,
        DataStubs: STUBS_XML,
        NewRecordID: null,
        UserID: 'u-1',
        ...record,
      },
      dataStubsForm: 'xml',
      warnings: [],
      exchange: EXCHANGE,
    },
  };
}

const registered = (value: string): Answer => ({
  value: { value, warnings: [], exchange: EXCHANGE },
});

/** What the client throws on a captured answer (a SOAP fault, a binding switched off). */
async function capturedError(binding: Binding, capture: string): Promise<Answer> {
  const answer = await capturedAnswer('GetAssetStubs', binding, capture, { ...STUBS.params });
  if ('error' in answer) return answer;
  throw new Error(`${capture} did not fail.`);
}

const soapFault = () => capturedError('soap12', 'get_soap12_throw');

/** A client per binding: SOAP 1.1 and 1.2 give the first answer, HTTP POST and GET the second. */
function clientsOf(first: Answer, second: Answer) {
  return (binding: Binding): InodeClient => {
    const answer = binding === 'soap11' || binding === 'soap12' ? first : second;
    const give = async () => {
      if ('error' in answer) throw answer.error;
      return answer.value;
    };
    return {
      binding,
      getAssetStubs: give as InodeClient['getAssetStubs'],
      addUserAssetIndex: give as InodeClient['addUserAssetIndex'],
      namespace: async () => 'urn:inode',
    };
  };
}

/** Both paths on one pair; the command line's fields named as the console's. */
async function bothVerdicts(request: ParityParams, first: Answer, second: Answer) {
  const clientOf = clientsOf(first, second);
  const console = await callBindings(request, BINDING_NAMES, async (b) => clientOf(b));
  const cli = await parityOnBindings(request, clientOf);
  return {
    console: {
      agree: console.verdict.agree,
      fields: console.verdict.differences.map((d) => d.field),
    },
    cli: {
      agree: cli.parity.agree,
      fields: cli.parity.differences.map((d) => (d.field === 'outcome' ? 'Outcome' : d.field)),
    },
    exitCode: cli.exitCode,
    headline: console.verdict.headline,
  };
}

describe('the console and the command line give the same parity verdict', () => {
  const pairs: Array<[string, () => Promise<[ParityParams, Answer, Answer]>, boolean, string[]]> = [
    ['equal answers', async () => [STUBS, stubs({}), stubs({})], true, []],
    [
      'DataStubs differing by whitespace, attribute order, quotes and namespace prefix',
      async () => [
        STUBS,
        stubs({}),
        stubs({
          DataStubs: `<s:AssetStubs xmlns:s="urn:inode">
  <s:Stub MediaType='image' ID="1"><s:Title>One</s:Title></s:Stub>
  <s:Stub MediaType="video" ID='2'><s:Title>Two</s:Title></s:Stub>
</s:AssetStubs>`,
        }),
      ],
      true,
      [],
    ],
    [
      'a record that differs',
      async () => [
        STUBS,
        stubs({}),
        stubs({ DataStubs: STUBS_XML.replace('MediaType="video"', 'MediaType="audio"') }),
      ],
      false,
      ['DataStubs'],
    ],
    [
      'a record missing on one side',
      async () => [
        STUBS,
        stubs({}),
        stubs({ DataStubs: STUBS_XML.replace(/<Stub ID="2".*<\/Stub>/, '') }),
      ],
      false,
      ['DataStubs'],
    ],
    [
      'a SOAP fault against a result',
      async () => [STUBS, await soapFault(), stubs({})],
      false,
      ['Outcome', 'HTTP status'],
    ],
    [
      'the same SOAP fault on every binding',
      async () => [STUBS, await soapFault(), await soapFault()],
      true,
      [],
    ],
    [
      'a business failure against a success',
      async () => [
        STUBS,
        stubs({ Success: false, ErrorMessage: 'Unknown key', ErrorCode: 'E1', DataStubs: null }),
        stubs({}),
      ],
      false,
      ['Outcome', 'Success', 'ErrorMessage', 'ErrorCode', 'DataStubs'],
    ],
    [
      'the same business failure on every binding',
      async () => {
        const failure = stubs({ Success: false, ErrorMessage: 'Unknown key', DataStubs: null });
        return [STUBS, failure, failure];
      },
      true,
      [],
    ],
    [
      'an ERROR answer against a registration',
      async () => [REGISTER, registered('ERROR: unknown key'), registered('42')],
      false,
      ['Outcome', 'value'],
    ],
    [
      'two registrations, each its own new ID',
      async () => [REGISTER, registered('41'), registered('42')],
      false,
      ['value'],
    ],
  ];

  it.each(pairs)('%s', async (_name, make, agree, fields) => {
    const [request, first, second] = await make();
    const verdicts = await bothVerdicts(request, first, second);
    expect(verdicts.console).toEqual({ agree, fields });
    expect(verdicts.cli).toEqual(verdicts.console);
    expect(verdicts.exitCode).toBe(agree ? EXIT.ok : EXIT.businessFailure);
  });

  it('the key never reaches a compared value on either path', async () => {
    const leaked = stubs({ Success: false, ErrorMessage: `Unknown key ${KEY}`, DataStubs: null });
    const clientOf = clientsOf(leaked, stubs({}));
    const cli = await parityOnBindings(STUBS, clientOf);
    const console = await callBindings(STUBS, BINDING_NAMES, async (b) => clientOf(b));
    expect(JSON.stringify(cli.parity)).not.toContain(KEY);
    expect(JSON.stringify(console.verdict)).not.toContain(KEY);
  });

  it('a binding left out (switched off) is the one place they part: the console compares the others, the command line fails', async () => {
    // The answer of a server with the HTTP bindings switched off, as captured.
    const switchedOff = await capturedError('http-get', 'nohttp_get_httpget');
    const clientOf = clientsOf(stubs({}), switchedOff);
    const console = await callBindings(STUBS, BINDING_NAMES, async (b) => clientOf(b));
    const cli = await parityOnBindings(STUBS, clientOf);
    expect(console.verdict.agree).toBe(true);
    expect(console.verdict.excluded.map((e) => e.state)).toEqual(['switched-off', 'switched-off']);
    expect(cli.parity.verdict).toEqual(console.verdict);
    expect(cli.parity.agree).toBe(false);
    expect(cli.parity.differences).toEqual([
      {
        field: 'outcome',
        values: [
          { binding: 'soap11', value: 'success' },
          { binding: 'soap12', value: 'success' },
          { binding: 'http-post', value: 'switched-off' },
          { binding: 'http-get', value: 'switched-off' },
        ],
      },
    ]);
  });
});
