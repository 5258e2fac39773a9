import childProcess from 'node:child_process';
import dgram from 'node:dgram';
import { createServer } from 'node:net';

// test/setup/unit-purity.ts, the unit tier's setup file (docs/architecture.md#tests)
describe('the unit tier is pure', () => {
  it('refuses a listening socket, TCP or UDP, naming the integration tier', () => {
    const server = createServer();
    expect(() => server.listen(0, '127.0.0.1')).toThrow(/unit tier is pure.*\*\.int\.ts/);
    expect(server.listening).toBe(false);
    const socket = dgram.createSocket('udp4');
    expect(() => socket.bind(0)).toThrow(/bind a UDP socket/);
    socket.close();
  });

  it('refuses a child process, however it is started', () => {
    expect(() => childProcess.spawn('node', ['--version'])).toThrow(/child_process\.spawn/);
    expect(() => childProcess.execFileSync('node', ['--version'])).toThrow(/child_process\.execFileSync/);
    expect(() => childProcess.fork('./nothing.js')).toThrow(/child_process\.fork/);
  });
});
