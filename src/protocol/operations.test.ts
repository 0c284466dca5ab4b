import { describe, expect, it } from 'vitest';
import { OPERATIONS, parameterNames, isOperationName, BINDING_NAMES } from './operations.ts';

describe('the operation table', () => {
  it('lists the parameters of each operation in wire order', () => {
    expect(parameterNames('GetAssetStubs')).toEqual([
      'OpenIDKey',
      'AssetType',
      'OtherFilterCriteria',
    ]);
    expect(parameterNames('AddUserAssetIndex')).toEqual(['OpenIDKey', 'ServiceURI', 'MediaType']);
  });

  it('lists the GetAssetStubs record fields in declaration order, only Success required', () => {
    const fields = OPERATIONS.GetAssetStubs.result.fields;
    expect(fields.map((f) => f.name)).toEqual([
      'Success',
      'ErrorMessage',
      'ErrorCode',
      'Exception',
      'DataStubs',
      'NewRecordID',
      'UserID',
    ]);
    expect(fields.filter((f) => f.required).map((f) => f.name)).toEqual(['Success']);
  });

  it('marks only OpenIDKey as secret', () => {
    const secrets = Object.values(OPERATIONS).flatMap((op) =>
      op.parameters.filter((p) => p.secret).map((p) => `${op.name}.${p.name}`),
    );
    expect(secrets).toEqual(['GetAssetStubs.OpenIDKey', 'AddUserAssetIndex.OpenIDKey']);
  });

  it('recognises operation names case-sensitively, as the service does', () => {
    expect(isOperationName('GetAssetStubs')).toBe(true);
    expect(isOperationName('getassetstubs')).toBe(false);
    expect(isOperationName('toString')).toBe(false);
  });

  it('offers the four bindings', () => {
    expect(BINDING_NAMES).toEqual(['soap11', 'soap12', 'http-post', 'http-get']);
  });
});
