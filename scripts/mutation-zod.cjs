module.exports = globalThis.__mutationZod;
