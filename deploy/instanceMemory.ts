// One instance's memory, for every place that starts one: the container's limit (deploy/k8s/
// manifests.mts), the instances deploy/local.ts runs, and bench/instance-memory.mts, which loads
// one and compares its resident memory with the limit.

/** What Kubernetes allows one instance's container before it is killed. */
export const INSTANCE_MEMORY_LIMIT_MIB = 768;

/**
 * V8's old space, at half the limit: left to itself, V8 sizes it from the machine's memory (about
 * 2 GB and more here) and collects late, so that under load an instance grew to 851 MiB, past the
 * limit, and stayed at 732 MiB after (issue 43). The other half holds the new space, code, Node's
 * buffers, the page caches' strings outside the heap and native memory.
 */
export const INSTANCE_HEAP_MIB = INSTANCE_MEMORY_LIMIT_MIB / 2;

/**
 * V8's young generation, each of its two halves: with the old space capped, V8 also sizes this from
 * the cap, smaller, and collects the objects a request leaves far more often (2.16 ms of CPU per
 * request against 1.65 uncapped; 1.83 with this; bench/instance-memory.mts).
 */
const INSTANCE_SEMI_SPACE_MIB = 16;

/** The instance's NODE_OPTIONS. */
export const INSTANCE_NODE_OPTIONS = `--max-old-space-size=${INSTANCE_HEAP_MIB} --max-semi-space-size=${INSTANCE_SEMI_SPACE_MIB}`;
