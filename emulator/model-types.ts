// What the emulator's two service models (normal and reference) take and give back.
import type { XmlElement } from './xml-node.ts';

/** A parameter value as the method sees it: null when the request left it out (SOAP only). */
export type ParameterValue = string | null;

export interface GetAssetStubsInput {
  readonly OpenIDKey: ParameterValue;
  readonly AssetType: ParameterValue;
  readonly OtherFilterCriteria: ParameterValue;
}

export interface AddUserAssetIndexInput {
  readonly OpenIDKey: ParameterValue;
  readonly ServiceURI: ParameterValue;
  readonly MediaType: ParameterValue;
}

/** The `<prefix>_Inode` record; null fields are omitted on the wire, '' is written `<X />`. */
export interface AssetStubsRecord {
  readonly Success: boolean;
  readonly ErrorMessage: string | null;
  readonly ErrorCode: string | null;
  readonly Exception: string | null;
  readonly DataStubs: XmlElement | null;
  readonly NewRecordID: string | null;
  readonly UserID: string | null;
}

/**
 * An exception raised inside a web method: the handler turns it into a SOAP fault or a 500
 * text/plain answer, as ASP.NET does.
 * @example throw new ServiceMethodError('System.ApplicationException', 'boom', ['   at Inode.GetAssetStubs(String OpenIDKey)'])
 */
export class ServiceMethodError extends Error {
  constructor(
    /** The .NET type name, e.g. System.ApplicationException. */
    readonly typeName: string,
    message: string,
    /** .NET-style stack frames, each starting with three spaces and `at `. */
    readonly frames: readonly string[],
  ) {
    super(message);
    this.name = 'ServiceMethodError';
  }
}

/** One implementation of the two operations. */
export interface InodeModel {
  getAssetStubs(input: GetAssetStubsInput): AssetStubsRecord;
  addUserAssetIndex(input: AddUserAssetIndexInput): string;
}

/** The frame .NET prints for a web method of class Inode. */
export function methodFrame(operation: string, parameters: readonly string[]): string {
  return `   at Inode.${operation}(${parameters.map((p) => `String ${p}`).join(', ')})`;
}
