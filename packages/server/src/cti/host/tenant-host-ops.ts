import { closeCodes, NETWORK_PEER, type ReadyFrame } from '@open/protocol/cti/protocol';
import { isLang, type Lang } from '@open/protocol/locales';
import { ApiError } from '../../errors.js';
import { noIceServers } from '../../ice-settings.js';
import { sameLink, type LinkAddress } from '../bus/bus.js';
import type { AttachedData } from '../engine/calls/call-model.js';
import type { AgentProfile, Engine, TenantProfile } from '../engine/engine.js';
import { iceServersFor } from '../ice-servers.js';
import { runMethod } from './methods.js';
import type { Session } from './session-registry.js';
import type { HostContext } from './tenant-host-context.js';

/** What a gateway learns of a session it opened or resumed. */
export interface OpenedSession {
  sessionId: string;
  agentId: string;
  tenantId: string;
  lang: Lang;
}

/**
 * The operations the owner of a tenant runs for the gateways (its own and other nodes').
 * Arguments and results are plain JSON, so they cross nodes unchanged.
 */
export interface HostOps {
  /** A phone authenticated with a login token: a session, and the ready frame sent to it. */
  open: (args: {
    tenantId: string;
    agentId: string;
    askedLang: Lang | null;
    tokenExpiresAt: string;
    link: LinkAddress;
  }) => Promise<OpenedSession>;
  /** A phone came back: its session on the new link, ready, the missed events. Null: gone. */
  resume: (args: {
    sessionId: string;
    key: string;
    lastSeq: number;
    link: LinkAddress;
  }) => Promise<OpenedSession | null>;
  linkDown: (args: { sessionId: string; link: LinkAddress }) => null;
  request: (args: { sessionId: string; agentId: string; method: string; params: unknown }) => Promise<unknown>;
  inbound: (args: { tenantId: string; from: string; data?: AttachedData }) => { call_id: string; queued: number };
  updateTenant: (args: { tenant: TenantProfile }) => number;
  /** An agent edited in the CMS (`profile`), or disabled or removed (`null`). */
  agentChanged: (args: { tenantId: string; agentId: string; profile: AgentProfile | null }) => null;
  /** The tenant's SIP trunk was saved or removed in the CMS (on any node): its calls out read it again. */
  trunkChanged: (args: { tenantId: string }) => null;
}

function readyFrame(
  { options, scheduler }: HostContext,
  session: Session,
  { resumed, replayedAll }: { resumed: boolean; replayedAll: boolean },
  attached: ReturnType<Engine['attach']>,
): ReadyFrame {
  return {
    type: 'ready',
    session: session.id,
    resume_key: session.resumeKey,
    resumed,
    seq: session.seq,
    replayed_all: replayedAll,
    heartbeat_ms: options.heartbeatMs,
    grace_ms: options.graceMs,
    token_expires_at: session.tokenExpiresAt.toISOString(),
    // Minted at every open and resume, so a phone back from a long sleep never holds an expired one.
    ...iceServersFor(options.ice ?? noIceServers, session.agentId, scheduler.now()),
    agent: attached.agent,
    tenant: attached.tenant,
  };
}

const opened = (session: Session): OpenedSession => ({
  sessionId: session.id,
  agentId: session.agentId,
  tenantId: session.tenantId,
  lang: session.lang as Lang,
});

const open =
  (ctx: HostContext): HostOps['open'] =>
  async ({ tenantId, agentId, askedLang, tokenExpiresAt, link }) => {
    const { registry, delivery, engine } = ctx;
    const { profile, tenantProfile } = await ctx.loadProfiles(ctx.db, tenantId, agentId);
    const fallback: Lang = isLang(tenantProfile.defaultLang) ? tenantProfile.defaultLang : 'zh-CN';
    const { session, replaced } = registry.open({
      agentId,
      tenantId,
      lang: askedLang ?? fallback,
      tokenExpiresAt: new Date(tokenExpiresAt),
      link,
    });
    if (replaced?.link) delivery.close(replaced.link, closeCodes.replaced, 'replaced');
    const attached = engine.attach(profile, tenantProfile);
    delivery.send(link, readyFrame(ctx, session, { resumed: false, replayedAll: true }, attached));
    // After the ready frame: a caller waiting for this agent is offered to them on a live link.
    engine.linkUp(agentId);
    return opened(session);
  };

const resume =
  (ctx: HostContext): HostOps['resume'] =>
  async ({ sessionId, key, lastSeq, link }) => {
    const { registry, delivery, engine } = ctx;
    const held = registry.find(sessionId);
    if (!held) return null;
    // The agent may have been disabled or removed while the link was down.
    const { profile, tenantProfile } = await ctx.loadProfiles(ctx.db, held.tenantId, held.agentId);
    const resumed = registry.resume(sessionId, key, lastSeq, link);
    if (!resumed) return null;
    const { session, previousLink } = resumed;
    if (previousLink && !sameLink(previousLink, link)) delivery.close(previousLink, closeCodes.replaced, 'replaced');
    const attached = engine.attach(profile, tenantProfile);
    delivery.send(link, readyFrame(ctx, session, { resumed: true, replayedAll: resumed.all }, attached));
    for (const event of resumed.missed) delivery.send(link, event);
    registry.publish(session.agentId, 'interruptionCancelled', { missed_events: resumed.missed.length });
    engine.linkUp(session.agentId);
    return opened(session);
  };

const request =
  ({ engine, db, registry, outsideLine, extensions, records }: HostContext): HostOps['request'] =>
  async ({ sessionId, agentId, method, params }) => {
    const session = registry.find(sessionId);
    // A session taken over by another tab, or ended, answers nothing more.
    if (session?.agentId !== agentId) throw new ApiError('sessionGone');
    return await runMethod(
      {
        engine,
        db,
        extensions,
        agentId,
        tenantId: session.tenantId,
        outsideLine: () => outsideLine(session.tenantId),
        flushRecords: records.flush,
        relay: (callId, signal, to) => {
          if (to === NETWORK_PEER) {
            engine.signalLine(agentId, callId, signal);
            return;
          }
          registry.publish(engine.signalTarget(agentId, callId, to), 'rtcSignal', {
            call_id: callId,
            from: agentId,
            signal,
          });
        },
      },
      method,
      params,
    );
  };

function dropAgent({ registry, delivery, engine }: HostContext, agentId: string) {
  const session = registry.forAgent(agentId);
  if (session) {
    registry.end(session);
    if (session.link) delivery.close(session.link, closeCodes.authFailed, 'agentDisabled');
  }
  engine.detach(agentId);
}

/** The operations of a tenant host, by name (what `TenantHostPort.run` runs). */
export function createHostOps(ctx: HostContext): HostOps {
  const { engine, registry } = ctx;
  return {
    open: open(ctx),
    resume: resume(ctx),

    linkDown({ sessionId, link }) {
      const session = registry.find(sessionId);
      if (session && registry.detach(session, link)) engine.linkDown(session.agentId);
      return null;
    },

    request: request(ctx),

    inbound: ({ tenantId, from, data }) => engine.inbound(tenantId, from, data),

    updateTenant: ({ tenant }) => engine.updateTenant(tenant),

    agentChanged({ tenantId, agentId, profile }) {
      // Disabled or removed (null): whether its extension is still held is read again.
      ctx.extensions.agentChanged(tenantId, agentId, profile ? profile.extension : undefined);
      if (profile === null || profile.disabled) {
        dropAgent(ctx, agentId);
        return null;
      }
      const updated = engine.updateProfile(profile);
      if (updated) registry.publish(agentId, 'userInfoChange', { agent: updated });
      return null;
    },

    trunkChanged() {
      ctx.trunksChanged();
      return null;
    },
  };
}
