import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../errors.js';
import type { ErrorName } from '@open/protocol/errors';

/** Where a softphone's socket is: the node that holds it, and the socket's id there. */
export interface LinkAddress {
  node: string;
  conn: string;
}

/**
 * A session id starts with its tenant's id (`<tenant>.<random>`), so a phone that resumes on any
 * node reaches the tenant's owner without a lookup.
 */
export const newSessionId = (tenantId: string) => `${tenantId}.${randomBytes(16).toString('base64url')}`;
export const tenantOfSession = (sessionId: string) => sessionId.slice(0, Math.max(0, sessionId.indexOf('.')));

export const sameLink = (a: LinkAddress | null, b: LinkAddress | null): boolean =>
  a !== null && b !== null && a.node === b.node && a.conn === b.conn;

/** Carries frames to a socket wherever it is: this node's, or another node's over the bus. */
export interface LinkDelivery {
  send(to: LinkAddress, frame: object): void;
  close(to: LinkAddress, code: number, reason: string): void;
}

/** A socket of this node, as the gateway registers it. */
export interface LocalSocket {
  send(frame: object): void;
  close(code: number, reason: string): void;
}

/**
 * What the owner of a tenant runs for a gateway (host/tenant-host.ts). Arguments and results are
 * plain JSON, so they can cross to another node unchanged.
 */
export interface TenantHostPort {
  run(op: string, args: unknown): Promise<unknown>;
  /** Takes a tenant over from a node that is gone (multi-node only). */
  adopt(tenantId: string): Promise<void>;
  /** Drops a tenant another node now runs, without a word to its phones. */
  forget(tenantId: string): void;
  /** Nothing of the tenant is left here (no agent, session or call): its lease can go. */
  isIdle(tenantId: string): boolean;
  /** Sessions whose socket is on `node` lose it (the node is gone). */
  nodeLost(node: string): void;
  /** The nodes this node's sessions have sockets on. */
  linkNodes(): Set<string>;
  /** Frames to this link were lost: its session waits for a resume, which replays them. */
  linkLost(link: LinkAddress): void;
  /** Writes the tenant's whole state to the store again (what Redis lost while it was away). */
  resave(tenantId: string): void;
}

export interface CallOptions {
  /** Only when some node runs the tenant already: an edit in the CMS need not wake a tenant up. */
  ifOwned?: boolean;
}

/**
 * The seam between nodes (DESIGN §3, §7). In one process everything is local; with Redis each
 * tenant runs on one node at a time and the others forward to it.
 */
export interface CtiBus {
  readonly nodeId: string;
  start(host: TenantHostPort): Promise<void>;
  /** Runs an operation on the node that owns the tenant (taking it over if nobody does). */
  call(tenantId: string, op: string, args: unknown, options?: CallOptions): Promise<unknown>;
  /**
   * Whether this node runs the tenant, claiming it when no node does (a carrier's call arrives
   * where its SIP dialog will live, and can only be placed there). False: another node runs it.
   */
  own(tenantId: string): Promise<boolean>;
  readonly delivery: LinkDelivery;
  /** A socket of this node; the returned function forgets it. */
  attachSocket(conn: string, socket: LocalSocket): () => void;
  useLogger?(logger: Pick<FastifyBaseLogger, 'warn' | 'error'>): void;
  close(): Promise<void>;
}

/** The local sockets of a node, by id. */
export function createLocalSockets() {
  const sockets = new Map<string, LocalSocket>();
  return {
    attach(conn: string, socket: LocalSocket) {
      sockets.set(conn, socket);
      return () => {
        if (sockets.get(conn) === socket) sockets.delete(conn);
      };
    },
    send(conn: string, frame: object) {
      sockets.get(conn)?.send(frame);
    },
    close(conn: string, code: number, reason: string) {
      sockets.get(conn)?.close(code, reason);
    },
  };
}

/** An ApiError as it crosses between nodes, and back. */
export interface WireError {
  name: ErrorName;
  values: Record<string, string | number>;
  data: unknown;
}

export const toWireError = (error: ApiError): WireError => ({
  name: error.errorName,
  values: error.values,
  data: error.data,
});

export const fromWireError = (wire: WireError): ApiError => new ApiError(wire.name, wire.values, wire.data);

/** One process: this node owns every tenant and every socket. */
export function createLocalBus(nodeId = 'local'): CtiBus {
  const sockets = createLocalSockets();
  let host: TenantHostPort | undefined;
  return {
    nodeId,
    start(given) {
      host = given;
      return Promise.resolve();
    },
    call(_tenantId, op, args) {
      if (!host) return Promise.reject(new ApiError('callCentreUnavailable'));
      return host.run(op, args);
    },
    own: () => Promise.resolve(host !== undefined),
    delivery: {
      send: (to, frame) => {
        sockets.send(to.conn, frame);
      },
      close: (to, code, reason) => {
        sockets.close(to.conn, code, reason);
      },
    },
    attachSocket: (conn, socket) => sockets.attach(conn, socket),
    close: () => Promise.resolve(),
  };
}
