/** An event of the catalogue the phone raises itself, as the bridge carries it. */
export interface PhoneEvent {
  name: string;
  data: Record<string, unknown>;
}
