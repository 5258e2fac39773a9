/**
 * Issue 19, item 1: the one coturn settings file (docker/coturn/turnserver.conf, mounted by compose
 * and read by the TURN tests) denies every peer range that is not the public internet, and keeps
 * the relay to UDP between sessions' browsers: the private ranges are checked here, in the file,
 * never by sending to them.
 */
import { readFileSync } from 'node:fs';
import { isIPv4 } from 'node:net';
import { join } from 'node:path';
import { SHOW_MAX_VIEWERS_DEFAULT } from '../../platform/config/config';

const conf = readFileSync(join(__dirname, '../../../docker/coturn/turnserver.conf'), 'utf8');
const settings = conf
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const at = line.indexOf('=');
    return at < 0 ? { key: line, value: '' } : { key: line.slice(0, at).trim(), value: line.slice(at + 1).trim() };
  });
const valuesOf = (key: string) => settings.filter((each) => each.key === key).map((each) => each.value);

type Family = 4 | 6;
function toBig(ip: string): { family: Family; value: bigint } {
  if (isIPv4(ip))
    return { family: 4, value: ip.split('.').reduce((sum, part) => (sum << 8n) + BigInt(Number(part)), 0n) };
  let text = ip;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = toBig(v4[1]!).value;
    text = `${text.slice(0, -v4[1]!.length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  if (groups.length !== 8) throw new Error(`not an address: ${ip}`);
  return { family: 6, value: groups.reduce((sum, group) => (sum << 16n) + BigInt(parseInt(group || '0', 16)), 0n) };
}

function cidr(block: string): { family: Family; lo: bigint; hi: bigint } {
  const [ip, bits] = block.split('/');
  const { family, value } = toBig(ip!);
  const width = family === 4 ? 32n : 128n;
  const host = width - BigInt(Number(bits ?? width));
  const lo = (value >> host) << host;
  return { family, lo, hi: lo + (1n << host) - 1n };
}

const denied = valuesOf('denied-peer-ip').map((range) => {
  const [from, to] = range.includes('-') ? range.split('-') : [range, range];
  const lo = toBig(from!);
  const hi = toBig(to!);
  return { family: lo.family, lo: lo.value, hi: hi.value };
});

const mustDeny = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '::1/128',
  '::ffff:0:0/96',
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '100::/64',
  '2001:db8::/32',
  '2002::/16',
  'fc00::/7',
  'fe80::/10',
  'ff00::/8',
];

describe('docker/coturn/turnserver.conf', () => {
  it.each(mustDeny)('denies peers in %s', (block) => {
    const range = cidr(block);
    expect(denied.some((each) => each.family === range.family && each.lo <= range.lo && each.hi >= range.hi)).toBe(
      true,
    );
  });

  it('denies no public address (a stray range would break every session)', () => {
    for (const publicPeer of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2001:4860:4860::8888', '2a00:1450:4001::1']) {
      const { family, value } = toBig(publicPeer);
      expect({
        publicPeer,
        denied: denied.some((each) => each.family === family && each.lo <= value && each.hi >= value),
      }).toEqual({ publicPeer, denied: false });
    }
    // coturn 4.6 reads a range starting at an all-zero address as "any": it would deny every peer
    expect(denied.filter((each) => each.family === 6 && each.lo === 0n)).toEqual([]);
  });

  it('relays UDP only, to no multicast peer, under quotas, with no CLI and TURN REST credentials; never allows loopback peers', () => {
    const keys = settings.map((each) => each.key);
    for (const flag of ['no-tcp-relay', 'no-multicast-peers', 'no-cli', 'use-auth-secret'])
      expect(keys).toContain(flag);
    // a few allocations per person (his tabs; a rejoin while the old one lingers); a full room twice over, and privates
    expect(Number(valuesOf('user-quota')[0])).toBeGreaterThanOrEqual(2);
    expect(Number(valuesOf('user-quota')[0])).toBeLessThanOrEqual(10);
    expect(Number(valuesOf('total-quota')[0])).toBeGreaterThanOrEqual(2 * SHOW_MAX_VIEWERS_DEFAULT.janus + 100);
    expect(keys).not.toContain('allow-loopback-peers');
    expect(keys).not.toContain('allowed-peer-ip');
    // the secret comes from the environment, never from this file
    expect(keys).not.toContain('static-auth-secret');
  });
});
