import { isPublicAddress } from './remote-image';

describe('which addresses the image fetcher may connect to', () => {
  it.each(['93.184.215.14', '8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '2a00:1450:4001::1'])(
    '%s is public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
  it.each([
    '127.0.0.1',
    '127.8.9.1',
    '10.1.1.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.1.1',
    '0.0.0.0',
    '192.0.2.1',
    '198.51.100.7',
    '203.0.113.9',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:8.8.8.8',
    '0:0:0:0:0:ffff:7f00:1',
    'fe80::1',
    'fd00::1',
    'fc00::1',
    'ff02::1',
    '64:ff9b::7f00:1',
    '2001:db8::1',
    'localhost',
    'not an address',
  ])('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});
