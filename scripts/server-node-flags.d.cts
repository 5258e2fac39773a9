/** V8's heap settings every server process starts with (docs/architecture.md#the-heap-of-a-server-process). */
export const SERVER_NODE_FLAGS: readonly string[];
