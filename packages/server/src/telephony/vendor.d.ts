// Declarations for two untyped packages, covering only what telephony/ uses.

declare module 'bencode' {
  /** A decoded bencode value: byte strings come back as Uint8Array (the text is ours to decode). */
  export type Bencoded = number | Uint8Array | Bencoded[] | { [key: string]: Bencoded };
  const bencode: {
    encode(value: unknown): Uint8Array;
    decode(data: Uint8Array): Bencoded;
  };
  export default bencode;
}

declare module 'sip' {
  export interface SipUri {
    schema?: string;
    user?: string;
    password?: string;
    host: string;
    port?: number;
    params: Record<string, string | null | undefined>;
    headers?: Record<string, string>;
  }
  export interface NameAddr {
    name?: string;
    uri: string;
    params: Record<string, string | null | undefined>;
  }
  export interface Via {
    version?: string;
    protocol?: string;
    host: string;
    port?: number;
    params: Record<string, string | number | null | undefined>;
  }
  export interface Headers {
    to: NameAddr;
    from: NameAddr;
    'call-id': string;
    cseq: { seq: number; method: string };
    via: Via[];
    contact?: NameAddr[];
    'content-type'?: string;
    'content-length'?: number;
    'www-authenticate'?: Record<string, string>[];
    'proxy-authenticate'?: Record<string, string>[];
    authorization?: Record<string, string>[];
    'proxy-authorization'?: Record<string, string>[];
    route?: NameAddr[];
    'record-route'?: NameAddr[];
    [name: string]: unknown;
  }
  export interface SipRequest {
    method: string;
    uri: string;
    version?: string;
    headers: Headers;
    content?: string;
  }
  export interface SipResponse {
    status: number;
    reason: string;
    version?: string;
    headers: Headers;
    content?: string;
  }
  export type SipMessage = SipRequest | SipResponse;
  export interface Remote {
    protocol: string;
    address: string;
    port: number;
    local?: { address: string; port: number };
  }
  export interface Stack {
    /** A request (its client transaction calls back with each response) or a response (to its server transaction). */
    send(message: SipMessage, onResponse?: (response: SipResponse) => void): void;
    destroy(): void;
  }
  export interface StackOptions {
    port?: number;
    address?: string;
    publicAddress?: string;
    hostname?: string;
    udp?: boolean;
    tcp?: boolean;
    tls?: unknown;
    rport?: boolean;
    logger?: {
      send?(m: SipMessage, target: unknown): void;
      recv?(m: SipMessage, remote: Remote): void;
      error?(e: unknown): void;
    };
  }
  export function create(options: StackOptions, onRequest: (request: SipRequest, remote: Remote) => void): Stack;
  export function makeResponse(
    request: SipRequest,
    status: number,
    /** Left out: '' (as the stack's own 408 after Timer B has it). */
    reason?: string,
    extension?: { headers?: Partial<Headers>; content?: string },
  ): SipResponse;
  export function parseUri(uri: string): SipUri;
  export function stringifyUri(uri: SipUri): string;
  export function generateBranch(): string;
  export function copyMessage<T extends SipMessage>(message: T, deep?: boolean): T;
}

declare module 'sip/digest.js' {
  import type { SipRequest, SipResponse } from 'sip';
  /** Signs `request` in answer to the 401/407 `response`; `context` carries the nonce count between requests. */
  export function signRequest(
    context: Record<string, unknown>,
    request: SipRequest,
    response: SipResponse,
    credentials: { user: string; password: string },
  ): SipRequest;
}
