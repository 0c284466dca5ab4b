// ?WSDL and ?disco, generated from the operation table in the layout the captured server uses
// (indented, prefixes wsdl/s/tns/soap/soap12/http/mime/tm/soapenc, addresses from the Host).
import { OPERATION_NAMES, OPERATIONS, parameterNames } from '../src/protocol/operations.ts';
import { element, writeDocument, type XmlElement } from './xml-node.ts';
import type { ServiceIdentity } from './response-writers.ts';

const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/';

type Protocol = 'HttpGet' | 'HttpPost';

function sequence(children: XmlElement[]): XmlElement {
  return element('s:complexType', [], [element('s:sequence', [], children)]);
}

function optionalString(name: string): XmlElement {
  return element('s:element', [
    ['minOccurs', '0'],
    ['maxOccurs', '1'],
    ['name', name],
    ['type', 's:string'],
  ]);
}

function schema(identity: ServiceIdentity): XmlElement {
  const recordType = `${identity.resultPrefix}${OPERATIONS.GetAssetStubs.result.httpRootSuffix}`;
  const children: XmlElement[] = [];
  for (const name of OPERATION_NAMES) {
    const op = OPERATIONS[name];
    children.push(
      element('s:element', [['name', name]], [sequence(parameterNames(name).map(optionalString))]),
    );
    const resultElement =
      op.result.kind === 'record'
        ? element('s:element', [
            ['minOccurs', '0'],
            ['maxOccurs', '1'],
            ['name', op.result.soapElement],
            ['type', `tns:${recordType}`],
          ])
        : optionalString(op.result.soapElement);
    children.push(element('s:element', [['name', `${name}Response`]], [sequence([resultElement])]));
    if (op.result.kind === 'record') {
      const fields = op.result.fields.map((field) => {
        const occurs: Array<[string, string]> = [
          ['minOccurs', field.required ? '1' : '0'],
          ['maxOccurs', '1'],
          ['name', field.name],
        ];
        if (field.type === 'xml') {
          return element('s:element', occurs, [sequence([element('s:any')])]);
        }
        return element('s:element', [
          ...occurs,
          ['type', field.type === 'boolean' ? 's:boolean' : 's:string'],
        ]);
      });
      children.push(
        element('s:complexType', [['name', recordType]], [element('s:sequence', [], fields)]),
      );
    }
  }
  children.push(
    element('s:element', [
      ['name', recordType],
      ['nillable', 'true'],
      ['type', `tns:${recordType}`],
    ]),
    element('s:element', [
      ['name', OPERATIONS.AddUserAssetIndex.result.httpRootElement],
      ['nillable', 'true'],
      ['type', 's:string'],
    ]),
  );
  return element(
    'wsdl:types',
    [],
    [
      element(
        's:schema',
        [
          ['elementFormDefault', 'qualified'],
          ['targetNamespace', identity.namespace],
        ],
        children,
      ),
    ],
  );
}

function message(name: string, parts: XmlElement[]): XmlElement {
  return element('wsdl:message', [['name', name]], parts);
}

function messages(identity: ServiceIdentity, protocols: Protocol[]): XmlElement[] {
  const recordType = `${identity.resultPrefix}${OPERATIONS.GetAssetStubs.result.httpRootSuffix}`;
  const out: XmlElement[] = [];
  for (const name of OPERATION_NAMES) {
    out.push(
      message(`${name}SoapIn`, [
        element('wsdl:part', [
          ['name', 'parameters'],
          ['element', `tns:${name}`],
        ]),
      ]),
    );
    out.push(
      message(`${name}SoapOut`, [
        element('wsdl:part', [
          ['name', 'parameters'],
          ['element', `tns:${name}Response`],
        ]),
      ]),
    );
  }
  for (const protocol of protocols) {
    for (const name of OPERATION_NAMES) {
      const op = OPERATIONS[name];
      out.push(
        message(
          `${name}${protocol}In`,
          parameterNames(name).map((p) =>
            element('wsdl:part', [
              ['name', p],
              ['type', 's:string'],
            ]),
          ),
        ),
      );
      const bodyElement = op.result.kind === 'record' ? recordType : op.result.httpRootElement;
      out.push(
        message(`${name}${protocol}Out`, [
          element('wsdl:part', [
            ['name', 'Body'],
            ['element', `tns:${bodyElement}`],
          ]),
        ]),
      );
    }
  }
  return out;
}

function portType(name: string, suffix: string): XmlElement {
  return element(
    'wsdl:portType',
    [['name', name]],
    OPERATION_NAMES.map((op) =>
      element(
        'wsdl:operation',
        [['name', op]],
        [
          element('wsdl:input', [['message', `tns:${op}${suffix}In`]]),
          element('wsdl:output', [['message', `tns:${op}${suffix}Out`]]),
        ],
      ),
    ),
  );
}

function soapBinding(identity: ServiceIdentity, prefix: 'soap' | 'soap12'): XmlElement {
  const body = (): XmlElement => element(`${prefix}:body`, [['use', 'literal']]);
  return element(
    'wsdl:binding',
    [
      ['name', prefix === 'soap' ? 'InodeSoap' : 'InodeSoap12'],
      ['type', 'tns:InodeSoap'],
    ],
    [
      element(`${prefix}:binding`, [['transport', 'http://schemas.xmlsoap.org/soap/http']]),
      ...OPERATION_NAMES.map((op) =>
        element(
          'wsdl:operation',
          [['name', op]],
          [
            element(`${prefix}:operation`, [
              ['soapAction', `${identity.namespace}${op}`],
              ['style', 'document'],
            ]),
            element('wsdl:input', [], [body()]),
            element('wsdl:output', [], [body()]),
          ],
        ),
      ),
    ],
  );
}

function httpBinding(protocol: Protocol): XmlElement {
  const input =
    protocol === 'HttpGet'
      ? element('http:urlEncoded')
      : element('mime:content', [['type', 'application/x-www-form-urlencoded']]);
  return element(
    'wsdl:binding',
    [
      ['name', `Inode${protocol}`],
      ['type', `tns:Inode${protocol}`],
    ],
    [
      element('http:binding', [['verb', protocol === 'HttpGet' ? 'GET' : 'POST']]),
      ...OPERATION_NAMES.map((op) =>
        element(
          'wsdl:operation',
          [['name', op]],
          [
            element('http:operation', [['location', `/${op}`]]),
            element('wsdl:input', [], [input]),
            element('wsdl:output', [], [element('mime:mimeXml', [['part', 'Body']])]),
          ],
        ),
      ),
    ],
  );
}

/**
 * The service description.
 * @example wsdlDocument(identity, 'http://127.0.0.1:8099/Inode.asmx', true)
 */
export function wsdlDocument(
  identity: ServiceIdentity,
  address: string,
  httpBindings: boolean,
): string {
  const protocols: Protocol[] = httpBindings ? ['HttpGet', 'HttpPost'] : [];
  const port = (name: string, prefix: string): XmlElement =>
    element(
      'wsdl:port',
      [
        ['name', name],
        ['binding', `tns:${name}`],
      ],
      [element(`${prefix}:address`, [['location', address]])],
    );
  return writeDocument(
    element(
      'wsdl:definitions',
      [
        ['xmlns:soapenc', 'http://schemas.xmlsoap.org/soap/encoding/'],
        ['xmlns:soap12', 'http://schemas.xmlsoap.org/wsdl/soap12/'],
        ['xmlns:http', 'http://schemas.xmlsoap.org/wsdl/http/'],
        ['xmlns:tns', identity.namespace],
        ['xmlns:mime', 'http://schemas.xmlsoap.org/wsdl/mime/'],
        ['xmlns:tm', 'http://microsoft.com/wsdl/mime/textMatching/'],
        ['xmlns:s', 'http://www.w3.org/2001/XMLSchema'],
        ['xmlns:soap', 'http://schemas.xmlsoap.org/wsdl/soap/'],
        ['targetNamespace', identity.namespace],
        ['xmlns:wsdl', WSDL_NS],
      ],
      [
        schema(identity),
        ...messages(identity, protocols),
        portType('InodeSoap', 'Soap'),
        ...protocols.map((p) => portType(`Inode${p}`, p)),
        soapBinding(identity, 'soap'),
        soapBinding(identity, 'soap12'),
        ...protocols.map(httpBinding),
        element(
          'wsdl:service',
          [['name', 'Inode']],
          [
            port('InodeSoap', 'soap'),
            port('InodeSoap12', 'soap12'),
            ...protocols.map((p) => port(`Inode${p}`, 'http')),
          ],
        ),
      ],
    ),
    true,
  );
}

/**
 * The discovery document (?disco).
 * @example discoDocument(identity, 'http://127.0.0.1:8099/Inode.asmx')
 */
export function discoDocument(identity: ServiceIdentity, address: string): string {
  const soap = (n: number, binding: string): XmlElement =>
    element('soap', [
      ['address', address],
      [`xmlns:q${n}`, identity.namespace],
      ['binding', `q${n}:${binding}`],
      ['xmlns', 'http://schemas.xmlsoap.org/disco/soap/'],
    ]);
  return writeDocument(
    element(
      'discovery',
      [
        ['xmlns:xsd', 'http://www.w3.org/2001/XMLSchema'],
        ['xmlns:xsi', 'http://www.w3.org/2001/XMLSchema-instance'],
        ['xmlns', 'http://schemas.xmlsoap.org/disco/'],
      ],
      [
        element('contractRef', [
          ['ref', `${address}?wsdl`],
          ['docRef', address],
          ['xmlns', 'http://schemas.xmlsoap.org/disco/scl/'],
        ]),
        soap(1, 'InodeSoap'),
        soap(2, 'InodeSoap12'),
      ],
    ),
    true,
  );
}
