/**
 * What stops each SDK when the visitor withdraws consent for its category. The hook that started
 * an SDK registers its stop; the consent controller calls them in the click's own task, so no
 * timer or flush of an SDK runs between the click and its stop, deletes what they stored, and
 * deletes it again once they have finished, then reloads.
 */
type Stop = () => Promise<unknown>;

const stops = new Map<string, Set<Stop>>();

/** Registers a stop for a consent category; the returned function takes it back. */
export function onWithdrawal(category: string, stop: Stop): () => void {
  const forCategory = stops.get(category) ?? new Set<Stop>();
  stops.set(category, forCategory);
  forCategory.add(stop);
  return () => forCategory.delete(stop);
}

/** Starts every stop of these categories now; resolves once each has finished, or failed. */
export async function withdraw(categories: readonly string[]): Promise<void> {
  const started = categories.flatMap((category) => [...(stops.get(category) ?? [])].map((stop) => stop()));
  await Promise.allSettled(started);
}
