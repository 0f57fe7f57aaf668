import { randomUUID } from 'node:crypto';
import { closeCodes } from '@open/protocol/cti/protocol';
import { ApiError } from '../../errors.js';
import { fromWireError, toWireError, type LinkAddress, type WireError } from './bus.js';
import { quietly, type ClusterContext } from './redis-context.js';

/** Messages between nodes, on the channel of the node they are for. */
export type NodeMessage =
  | { t: 'req'; id: string; from: string; tenant: string; op: string; args: unknown }
  | { t: 'res'; id: string; ok: true; value: unknown }
  | { t: 'res'; id: string; ok: false; error: WireError | null }
  | { t: 'frame'; conn: string; frame: object }
  | { t: 'close'; conn: string; code: number; reason: string };

/** An answer from a node that does not (or no longer) run the tenant: ask again. */
export class NotOwner extends Error {}

/** Sends to a node; false when no node listens on its channel (it is gone). */
export async function post(ctx: ClusterContext, node: string, message: NodeMessage): Promise<boolean> {
  return (await ctx.command.publish(ctx.key.channel(node), JSON.stringify(message))) > 0;
}

export function postQuietly(ctx: ClusterContext, node: string, message: NodeMessage) {
  post(ctx, node, message).catch(quietly(ctx, 'publish'));
}

/** A frame for a socket on another node; if it cannot have arrived, the link is marked to resume. */
export function deliver(ctx: ClusterContext, to: LinkAddress, message: NodeMessage) {
  const id = `${to.node} ${to.conn}`;
  const missed = () => {
    if (!ctx.undelivered.has(id)) ctx.undelivered.set(id, { link: to, tries: 0 });
  };
  post(ctx, to.node, message).then((heard) => {
    if (!heard) missed();
  }, missed);
}

/**
 * Sockets that missed frames are closed (their sessions wait), so their phones resume and get
 * them again. Their node may not listen yet (its own connection comes back a little later):
 * it is told again at every tick until it hears, for up to three leases (then it is gone).
 */
export function resumeUndelivered(ctx: ClusterContext) {
  for (const [id, entry] of ctx.undelivered) {
    if (entry.tries === 0) ctx.host?.linkLost(entry.link);
    entry.tries += 1;
    const { node, conn } = entry.link;
    post(ctx, node, { t: 'close', conn, code: closeCodes.goingAway, reason: 'framesLost' }).then(
      (heard) => {
        if (heard || entry.tries >= 9) ctx.undelivered.delete(id);
      },
      () => {
        // Redis went again: the next tick after it is back tries again.
      },
    );
  }
}

/** Runs an operation of a tenant this node runs, once its adoption is done. */
export function runHere(ctx: ClusterContext, tenant: string, op: string, args: unknown): Promise<unknown> {
  if (!ctx.host) return Promise.reject(new ApiError('callCentreUnavailable'));
  const adoption = ctx.owned.get(tenant);
  const run = ctx.host.run.bind(ctx.host);
  return adoption ? adoption.then(() => run(op, args)) : run(op, args);
}

/** Asks the node that runs a tenant to run an operation; `NotOwner` when it does not answer as the owner. */
export function request(
  ctx: ClusterContext,
  node: string,
  call: { tenant: string; op: string; args: unknown },
  timeoutMs: number,
): Promise<unknown> {
  const { tenant, op, args } = call;
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      ctx.pending.delete(id);
      reject(new NotOwner('timeout'));
    }, timeoutMs);
    timer.unref();
    const settle = {
      resolve(value: unknown) {
        clearTimeout(timer);
        resolve(value);
      },
      reject(error: Error) {
        clearTimeout(timer);
        reject(error);
      },
    };
    ctx.pending.set(id, settle);
    post(ctx, node, { t: 'req', id, from: ctx.nodeId, tenant, op, args }).then(
      (heard) => {
        if (heard) return;
        ctx.pending.delete(id);
        settle.reject(new NotOwner('gone'));
      },
      (error: unknown) => {
        ctx.pending.delete(id);
        settle.reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A message on this node's channel: a frame or close for one of its sockets, an answer, or a request. */
export function onMessage(ctx: ClusterContext, raw: string) {
  let message: NodeMessage;
  try {
    message = JSON.parse(raw) as NodeMessage;
  } catch {
    return;
  }
  if (message.t === 'frame') ctx.sockets.send(message.conn, message.frame);
  else if (message.t === 'close') ctx.sockets.close(message.conn, message.code, message.reason);
  else if (message.t === 'res') {
    const waiting = ctx.pending.get(message.id);
    if (!waiting) return;
    ctx.pending.delete(message.id);
    if (message.ok) waiting.resolve(message.value);
    else if (message.error) waiting.reject(fromWireError(message.error));
    else waiting.reject(new NotOwner('moved'));
  } else answerRequest(ctx, message);
}

/** Runs another node's request if this node runs the tenant, and answers it. */
function answerRequest(ctx: ClusterContext, message: Extract<NodeMessage, { t: 'req' }>) {
  const { id, from, tenant, op, args } = message;
  if (!ctx.owned.has(tenant)) {
    postQuietly(ctx, from, { t: 'res', id, ok: false, error: null });
    return;
  }
  runHere(ctx, tenant, op, args).then(
    (value) => {
      postQuietly(ctx, from, { t: 'res', id, ok: true, value: value ?? null });
    },
    (error: unknown) => {
      if (!(error instanceof ApiError)) ctx.log.error({ err: error }, `cti ${op} failed`);
      const wire = toWireError(error instanceof ApiError ? error : new ApiError('internal'));
      postQuietly(ctx, from, { t: 'res', id, ok: false, error: wire });
    },
  );
}
