import childProcess from 'node:child_process';
import dgram from 'node:dgram';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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

  it('refuses a file written outside the temporary folder, and lets one inside it through', async () => {
    expect(() => writeFileSync('unit-purity-left-behind.txt', 'x')).toThrow(/outside the temporary folder/);
    await expect(writeFile(path.resolve('data', 'left-behind.txt'), 'x')).rejects.toThrow(/fs\.writeFile /);
    expect(() => openSync('left-behind.txt', 'a+')).toThrow(/fs\.openSync /);
    await expect(open('left-behind.txt', constants.O_WRONLY | constants.O_CREAT)).rejects.toThrow(/fs\.open /);
    // reading the checkout is fine
    closeSync(openSync('package.json', 'r'));
    const folder = mkdtempSync(path.join(os.tmpdir(), 'aura-unit-purity-'));
    writeFileSync(path.join(folder, 'kept.txt'), 'x');
    expect(readFileSync(path.join(folder, 'kept.txt'), 'utf8')).toBe('x');
    rmSync(folder, { recursive: true });
  });
});
