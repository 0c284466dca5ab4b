import { describe, expect, it } from 'vitest';
import { loadCapture, REFERENCE_NAMESPACE } from '../../fixtures/captures.ts';
import { readTargetNamespace } from './wsdl.ts';

describe('readTargetNamespace', () => {
  it('reads targetNamespace from wsdl:definitions of the captured ?WSDL and ?wsdl answers', () => {
    for (const name of ['wsdl', 'wsdl_lowercase']) {
      expect(readTargetNamespace(loadCapture(name).response.body.toString('utf8'))).toBe(
        REFERENCE_NAMESPACE,
      );
    }
  });

  it('uses the root attribute, whatever the prefix, not the schema one', () => {
    const wsdl =
      '<d:definitions xmlns:d="http://schemas.xmlsoap.org/wsdl/" targetNamespace="urn:root"><d:types><s:schema xmlns:s="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:schema"/></d:types></d:definitions>';
    expect(readTargetNamespace(wsdl)).toBe('urn:root');
  });

  it('refuses a non-WSDL, a WSDL without targetNamespace and a DOCTYPE', () => {
    expect(() => readTargetNamespace(loadCapture('disco').response.body.toString('utf8'))).toThrow(
      /not wsdl:definitions/,
    );
    expect(() =>
      readTargetNamespace('<definitions xmlns="http://schemas.xmlsoap.org/wsdl/"/>'),
    ).toThrow(/no targetNamespace/);
    expect(() =>
      readTargetNamespace(
        '<!DOCTYPE d [<!ENTITY e "x">]><definitions xmlns="http://schemas.xmlsoap.org/wsdl/" targetNamespace="&e;"/>',
      ),
    ).toThrow(/DOCTYPE/);
  });
});
