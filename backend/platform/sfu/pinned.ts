import type { PeerConfig } from 'werift';

/**
 * werift's UDP sockets bound to one IPv4 address, which is announced as a host candidate. werift
 * skips loopback interfaces when it gathers, so 127.0.0.1 must be added explicitly (a browser
 * started with `--allow-loopback-in-peer-connection` reaches it); werift 0.24.4 still lists the
 * other interfaces' addresses, which nothing answers on. No IPv6.
 */
export const pinnedTo = (address: string): Partial<PeerConfig> => ({
  iceUseIpv6: false,
  iceAdditionalHostAddresses: [address],
  iceInterfaceAddresses: { udp4: address },
});
