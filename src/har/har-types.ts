/**
 * The parts of HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) the console writes and
 * reads. Custom fields start with `_`, as the format allows.
 */
import type { Binding, OperationName } from '../protocol/operations.ts';

export interface HarNameValue {
  name: string;
  value: string;
}

export interface HarPostData {
  mimeType: string;
  text: string;
  params?: HarNameValue[];
}

export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  cookies: HarNameValue[];
  headers: HarNameValue[];
  queryString: HarNameValue[];
  postData?: HarPostData;
  headersSize: number;
  bodySize: number;
}

export interface HarContent {
  size: number;
  mimeType: string;
  text?: string;
  encoding?: string;
  comment?: string;
}

export interface HarResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  cookies: HarNameValue[];
  headers: HarNameValue[];
  content: HarContent;
  redirectURL: string;
  headersSize: number;
  bodySize: number;
}

export interface HarTimings {
  blocked?: number;
  dns?: number;
  connect?: number;
  send: number;
  wait: number;
  receive: number;
  ssl?: number;
}

/** What the console adds to each entry so that opening it offline decodes it the same way. */
export interface HarInodeCall {
  operation: OperationName;
  binding: Binding;
  targetId: string | null;
  /** The service namespace the call used, when known. */
  namespace: string | null;
  /** True when the user chose to export the OpenIDKey in clear. */
  keyRevealed: boolean;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: HarRequest;
  response: HarResponse;
  cache: Record<string, never>;
  timings: HarTimings;
  comment?: string;
  _inode?: HarInodeCall;
}

export interface HarLog {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
    comment?: string;
  };
}
