import { closeCodes } from '@open/protocol/cti/protocol';
import { ApiError } from '../../errors.js';
import { sameLink, type TenantHostPort } from '../bus/bus.js';
import { toStored } from './session-registry.js';
import { adoptOnce } from './tenant-host-adoption.js';
import type { HostContext } from './tenant-host-context.js';
import type { HostOps } from './tenant-host-ops.js';

/** What the bus asks of the owner of a tenant: its operations, and the tenant's comings and goings between nodes. */
export function createHostPort(ctx: HostContext, ops: HostOps): TenantHostPort {
  const { registry, delivery, store, engine } = ctx;
  return {
    run(op, args) {
      if (!Object.hasOwn(ops, op)) return Promise.reject(new ApiError('internal'));
      // The op table is ours and `args` came from our own gateway, typed at `CtiService.call`.
      const run = ops[op as keyof HostOps] as (given: unknown) => unknown;
      try {
        return Promise.resolve(run(args));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },

    adopt: (tenantId) => adoptOnce(ctx, tenantId),

    forget(tenantId) {
      // Their phones resume on the node that runs the tenant now, which has their sessions as
      // last saved; a socket left open here would hear nothing more from it.
      for (const session of registry.all()) {
        if (session.tenantId === tenantId && session.link)
          delivery.close(session.link, closeCodes.goingAway, 'ownerMoved');
      }
      engine.forgetTenant(tenantId);
      registry.forget(tenantId);
      ctx.extensions.forget(tenantId);
    },

    linkLost(link) {
      for (const session of registry.all()) {
        if (sameLink(session.link, link)) registry.detach(session, link);
      }
    },

    resave(tenantId) {
      for (const session of registry.all()) {
        if (session.tenantId === tenantId) store.resaveSession(toStored(session), session.recent.frames());
      }
      ctx.agents.resave(tenantId);
    },

    isIdle(tenantId) {
      // Still loading what its last owner saved: nothing is restored yet, but it is far from idle.
      if (ctx.adoptions.has(tenantId)) return false;
      return !engine.holdsTenant(tenantId) && !registry.all().some((s) => s.tenantId === tenantId);
    },

    nodeLost(node) {
      for (const session of registry.all()) {
        if (session.link?.node === node) registry.detach(session, session.link);
      }
    },

    linkNodes() {
      return new Set(registry.all().flatMap((s) => (s.link ? [s.link.node] : [])));
    },
  };
}
