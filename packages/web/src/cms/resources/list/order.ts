/** `ids` with `id` taken out and put back at index `to`, held within the list. */
export function movedTo(ids: readonly string[], id: string, to: number): string[] {
  const order = ids.filter((other) => other !== id);
  order.splice(Math.max(0, Math.min(order.length, to)), 0, id);
  return order;
}
