import { networkTimings } from '../phone-network.js';
import type { CallBook } from './call-book.js';
import type { AttachedData, Call } from './call-model.js';
import type { InboundLine } from './outside-line.js';
import type { SimulatedNetwork } from './simulated-line.js';
import { connectInbound } from './line-calls.js';

/**
 * The inbound queue of each tenant: a caller waits until a ready agent is free, the call is
 * offered to the agent idle longest, and an offer not taken goes to the next. A caller who
 * waits too long gives up.
 */
export function createInboundQueue(book: CallBook, network: Pick<SimulatedNetwork, 'inbound'>) {
  const { agents, scheduler } = book;
  /** Inbound calls waiting for an agent, per tenant, oldest first. */
  const queues = new Map<string, Call[]>();

  book.onRemoved((call) => {
    const queue = queues.get(call.tenantId);
    const at = queue?.indexOf(call) ?? -1;
    if (queue && at >= 0) queue.splice(at, 1);
  });

  /** Offers the tenant's waiting calls to its ready agents, oldest call to longest-idle agent. */
  function route(tenantId: string, passOver: string | null = null) {
    const queue = queues.get(tenantId) ?? [];
    // Most agents become ready with nobody waiting: listing the ready ones scans every agent
    // and call (bench/cti-load found 10,000 agents stalled on it).
    if (queue.length === 0) return;
    const ready = agents.readyAgents(tenantId).filter((id) => id !== passOver && !book.inCall(id));
    while (queue.length > 0 && ready.length > 0) {
      const call = queue.shift();
      const agentId = ready.shift();
      if (!call || !agentId) break;
      offer(call, agentId);
    }
  }

  /** The call rings at one agent; not taken in time, it goes back to the queue. */
  function offer(call: Call, agentId: string) {
    call.peerAgentId = agentId;
    book.reindex(call);
    call.offeredTo.push(agentId);
    book.present(call, agentId);
    const offeredAt = call.offeredTo.length;
    book.later(call, networkTimings.offerMs, () => {
      if (call.status !== 'ringing' || call.peerAgentId !== agentId || call.offeredTo.length !== offeredAt) return;
      requeue(call, agentId, true);
    });
  }

  /**
   * A caller joins the queue (again): their patience runs from now, and a caller still waiting
   * when it runs out hangs up.
   */
  function wait(call: Call, first: boolean) {
    const queuedAt = scheduler.now();
    call.queuedAt = queuedAt;
    book.later(call, networkTimings.queueAbandonMs, () => {
      if (call.status === 'ringing' && call.agentId === null && call.queuedAt === queuedAt) book.end(call, 'abandoned');
    });
    const queue = queues.get(call.tenantId) ?? [];
    // A caller who was already talking to someone goes first: they have waited once.
    if (first) queue.unshift(call);
    else queue.push(call);
    queues.set(call.tenantId, queue);
    return queue.length;
  }

  /**
   * An offered call that was not taken goes back to the head of the queue. An agent who let it
   * ring out goes to the back of the line; one who rejected it, or is lost, is passed over.
   */
  function requeue(call: Call, agentId: string, missed: boolean) {
    call.peerAgentId = null;
    book.reindex(call);
    agents.publish(agentId, 'callStatusChange', { call_id: call.id, call_status: 'ended', previous: 'ringing' });
    if (missed) {
      book.missed(call, agentId, 'noAnswer');
      agents.missedOffer(agentId);
    }
    book.settleTransfer(call, 'queued');
    const queue = queues.get(call.tenantId) ?? [];
    queue.unshift(call);
    queues.set(call.tenantId, queue);
    route(call.tenantId, missed ? null : agentId);
  }

  return {
    route,
    offer,
    requeue,

    /** A caller from the public network (the tenant's trunk: `line`, or else simulated) rings the tenant: queued, then offered. */
    inbound(
      tenantId: string,
      from: string,
      data: AttachedData = {},
      line: InboundLine = network.inbound(),
    ): { call_id: string; queued: number } {
      const call = book.newCall({
        tenantId,
        type: 'inbound',
        caller: from,
        callee: '',
        displayNumber: null,
        agentId: null,
        peerAgentId: null,
        data,
      });
      connectInbound(book, call, line);
      const waiting = wait(call, false);
      route(tenantId);
      return { call_id: call.id, queued: waiting };
    },

    /** A caller an agent passed back to the queue: first in line, not offered to that agent again at once. */
    putBack(call: Call, passOver: string) {
      call.status = 'ringing';
      wait(call, true);
      route(call.tenantId, passOver);
    },

    forgetTenant(tenantId: string) {
      queues.delete(tenantId);
    },
  };
}

export type InboundQueue = ReturnType<typeof createInboundQueue>;
