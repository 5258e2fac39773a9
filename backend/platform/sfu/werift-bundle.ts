import type { RTCPeerConnection } from 'werift';
import type { SessionDescription } from './port';

/**
 * `pc.setRemoteDescription`, then closes the transports BUNDLE left unused. werift 0.24.4 gathers a
 * transport per m-line before it knows the other side bundles; on a bundled description it moves the
 * later transceivers onto the first transport and drops theirs without closing them: their UDP
 * sockets stayed open, one per closed connection (docs/architecture.md#media-path).
 */
export async function setRemoteDescription(pc: RTCPeerConnection, description: SessionDescription): Promise<void> {
  const before = pc.dtlsTransports;
  await pc.setRemoteDescription(description);
  const kept = new Set(pc.dtlsTransports);
  const keptIce = new Set([...kept].map((transport) => transport.iceTransport));
  for (const transport of before) {
    if (kept.has(transport)) continue;
    await transport.stop().catch(() => undefined);
    if (!keptIce.has(transport.iceTransport)) await transport.iceTransport.stop().catch(() => undefined);
  }
}
