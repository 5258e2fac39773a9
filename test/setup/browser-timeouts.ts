// Jest reads testTimeout only at the top level, not per project: this tier sets its own.
jest.setTimeout(120_000);
