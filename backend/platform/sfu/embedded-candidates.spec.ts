import { hidesBehindMdns } from './embedded';

describe("the embedded SFU and a browser's candidates", () => {
  it('leaves out host candidates named by mDNS, which only the browser’s own network resolves', () => {
    expect(
      hidesBehindMdns('candidate:1 1 udp 2122262783 4f1c2a3b-5d6e-4f70-8a9b-0c1d2e3f4a5b.local 54321 typ host'),
    ).toBe(true);
  });

  it('keeps addresses: host, reflexive and relay', () => {
    expect(hidesBehindMdns('candidate:1 1 udp 2122262783 127.0.0.1 54321 typ host')).toBe(false);
    expect(hidesBehindMdns('candidate:2 1 udp 1686052607 203.0.113.7 40000 typ srflx raddr 0.0.0.0 rport 0')).toBe(
      false,
    );
    expect(hidesBehindMdns('candidate:3 1 udp 41885439 127.0.0.1 3478 typ relay raddr 0.0.0.0 rport 0')).toBe(false);
    expect(hidesBehindMdns('')).toBe(false);
  });
});
