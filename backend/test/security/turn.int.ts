/**
 * Issue 19, item 1: TURN is not a way into the private network. The local coturn, started with the
 * product's settings file (docker/coturn/turnserver.conf) and only ports, the loopback listening
 * and relay address and the secret on the command line, gives a holder of valid session
 * credentials an allocation, but no permission to a loopback peer: not to this test's own Redis.
 * (A permission sends nothing to the peer; every request here goes to the loopback TURN server.)
 */
import { showIceConfig } from '../../platform/sfu/media-ice';
import { turnCredentials } from '../../commands/sessions/ice';
import { startTurnServer, turnserverAvailable, type LocalTurn } from '../turnserver';
import { TurnClient } from './turn-client';

const SECRET = 'turn-int-test-secret-0123456789';
const redisPort = Number(new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').port || 6379);

(turnserverAvailable() ? describe : describe.skip)('TURN relays to no private address', () => {
  let turn: LocalTurn;
  const clients: TurnClient[] = [];
  const clientWith = (credentials: { username: string; credential: string }) => {
    const client = new TurnClient({ host: '127.0.0.1', port: turn.port }, credentials);
    clients.push(client);
    return client;
  };
  beforeAll(async () => {
    turn = await startTurnServer({ secret: SECRET });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await turn?.stop();
  });

  it('allocates with valid session credentials, and refuses a permission to 127.0.0.1:<redis port> (403)', async () => {
    const client = clientWith(turnCredentials(SECRET, 'session-user', 600, new Date()));
    const allocated = await client.allocate();
    expect(allocated).toMatchObject({ success: true, errorCode: null });
    expect(client.relayed?.ip).toBe('127.0.0.1');

    const toRedis = await client.createPermission('127.0.0.1', redisPort);
    expect(toRedis).toMatchObject({ success: false, errorCode: 403 });
    // and the rest of loopback, and the cloud metadata address, the same way
    for (const peer of [
      '127.0.0.53',
      '169.254.169.254',
      '10.0.0.1',
      '172.17.0.2',
      '192.168.1.1',
      '100.64.0.1',
      '0.0.0.0',
    ]) {
      expect({ peer, answer: await client.createPermission(peer, 6379) }).toMatchObject({
        peer,
        answer: { success: false, errorCode: 403 },
      });
    }
  });

  it('a permission to a public peer is granted on the same allocation (the refusals above are the settings, not the client)', async () => {
    const client = clientWith(turnCredentials(SECRET, 'session-performer', 600, new Date()));
    expect((await client.allocate()).success).toBe(true);
    // CreatePermission only installs a permission on the server: nothing is sent to this address
    expect(await client.createPermission('8.8.8.8', 3478)).toMatchObject({ success: true, errorCode: null });
    expect((await client.createPermission('127.0.0.1', redisPort)).errorCode).toBe(403);
  });

  it('refuses credentials that have expired, or were signed with another secret', async () => {
    const expired = clientWith(turnCredentials(SECRET, 'session-user', -5, new Date()));
    expect((await expired.allocate()).errorCode).toBe(401);
    const forged = clientWith(turnCredentials('not-the-secret-of-this-server', 'session-user', 600, new Date()));
    expect((await forged.allocate()).errorCode).toBe(401);
  });

  it("gives every viewer of a show an allocation: six visitors' tabs and two people's, past the per-user quota of 4 a shared name had", async () => {
    const ice = showIceConfig(
      { ICE_SERVERS: [{ urls: `turn:127.0.0.1:${turn.port}` }], TURN_SECRET: SECRET, TURN_CREDENTIAL_TTL_SECONDS: 600 },
      () => new Date(),
    );
    const showId = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
    const visitors = ['a', 'b', 'c', 'd', 'e', 'f'].map((socketId) => ({ socketId }));
    const people = ['7b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f', '8b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f'].map((sub) => ({
      socketId: `tab-of-${sub}`,
      principal: { kind: 'user' as const, sub, sid: `session-${sub}`, exp: 0 },
    }));
    const answers = [];
    for (const caller of [...visitors, ...people]) {
      const { username, credential } = ice(caller, showId, 'viewer').iceServers[0]!;
      answers.push((await clientWith({ username: username!, credential: credential! }).allocate()).success);
    }
    expect(answers).toEqual(Array(8).fill(true));
  });
});
