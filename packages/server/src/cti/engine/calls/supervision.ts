import { ApiError } from '../../../errors.js';
import type { CallBook } from './call-book.js';
import type { Call, CallView, SupervisorMode } from './call-model.js';

/**
 * A supervisor listens to an agent's call (monitor: the agent is told, the caller is not) or
 * joins it (insert: heard by both). The media of either mode follows the call's `supervisors`.
 */
export function createSupervision(book: CallBook) {
  const { agents } = book;

  const stopped = (call: Call, supervisorName: string) => {
    if (call.agentId) agents.publish(call.agentId, 'monitorEnd', { call_id: call.id, supervisor: supervisorName });
  };

  return {
    supervise: (supervisorId: string, agentId: string, mode: SupervisorMode | null): CallView => {
      const supervisor = agents.profile(supervisorId);
      if (supervisor.role !== 'supervisor') throw new ApiError('forbidden');
      const target = agents.profile(agentId);
      if (target.tenantId !== supervisor.tenantId) throw new ApiError('callNotFound');
      const call = book
        .callsOf(agentId)
        .find(
          (c) =>
            (c.agentId === agentId || (c.type === 'internal' && c.peerAgentId === agentId)) &&
            c.consultOf === null &&
            (c.status === 'talking' || c.status === 'held'),
        );
      if (!call) throw new ApiError('callNotFound');
      const before = call.supervisors.get(supervisorId);
      if (mode === null) {
        if (!before) throw new ApiError('illegalCallState', {}, { state: 'notMonitoring' });
        call.supervisors.delete(supervisorId);
        book.reindex(call);
        stopped(call, supervisor.name);
        book.dataChanged(call, [...book.audience(call), supervisorId]);
        return book.view(call, supervisorId);
      }
      if (!before && book.inCall(supervisorId)) throw new ApiError('agentInCall');
      call.supervisors.set(supervisorId, mode);
      book.reindex(call);
      if (!before) {
        agents.publish(agentId, 'monitorStart', { call_id: call.id, supervisor: supervisor.name });
        book.present(call, supervisorId);
      }
      if (mode === 'insert' && before !== 'insert') {
        agents.publish(agentId, 'insertionStart', { call_id: call.id, supervisor: supervisor.name });
      }
      book.dataChanged(call);
      return book.view(call, supervisorId);
    },

    /** A supervisor who is gone stops listening to every call. */
    supervisorLost: (supervisorId: string) => {
      for (const call of book.callsOf(supervisorId)) {
        if (!call.supervisors.delete(supervisorId)) continue;
        book.reindex(call);
        stopped(call, agents.profile(supervisorId).name);
        book.dataChanged(call);
      }
    },
  };
}
