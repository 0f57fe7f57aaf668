/**
 * The names of the object shapes of the softphone's payloads and results (shapes.ts defines
 * them). Apart, so the catalogue can name a shape without importing the shapes, which import
 * the catalogue's value lists.
 */
export type ShapeName =
  | 'AgentState'
  | 'PhoneState'
  | 'TenantInfo'
  | 'NotReadyReason'
  | 'WrapUpCode'
  | 'WrapUp'
  | 'Call'
  | 'CallPeer'
  | 'CallSupervisor'
  | 'CallTransfer'
  | 'Colleague'
  | 'ColleagueCall'
  | 'ColleagueList'
  | 'CallRecord'
  | 'CallRecordList'
  | 'CallRef'
  | 'TransferResult'
  | 'DtmfResult'
  | 'WrapUpResult'
  | 'PhoneVisibility'
  | 'TokenState'
  | 'EmptyResult'
  | 'WebRtcSignal'
  | 'CallQuality'
  | 'DeviceList'
  | 'AudioDevice'
  | 'DeviceChoice'
  | 'IceCandidate';
