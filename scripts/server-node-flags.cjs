// V8's heap settings for every server process (npm start, npm run start:<role>, the Docker image):
// a young generation of 32 MB from the start, so that what a request or a pushed message holds for a
// few hundred milliseconds dies there instead of filling the old generation; an old generation that
// may grow by one and a half times what survived the last full collection before the next one
// starts; and V8's background threads one fewer than the cores (Node's default is four), so that a
// full collection's marking leaves a core to the process and its database. Why, with the figures:
// docs/architecture.md#the-heap-of-a-server-process
// (CommonJS, so that the ESM start script, the benches and jest's specs can all load it)
exports.SERVER_NODE_FLAGS = [
  '--max-semi-space-size=32',
  '--min-semi-space-size=32',
  '--heap-growing-percent=150',
  '--v8-pool-size=0',
];
