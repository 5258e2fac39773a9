import type { IceConfig, ShowMediaError } from '@aura/contracts';
import type { AuraSocket } from '../../../lib/socket';

/** The connection's ICE servers and role for a show, asked of the API (never of the SFU). */
export async function showIceConfig(
  socket: AuraSocket,
  showId: string,
): Promise<{ ok: true; ice: IceConfig } | { ok: false; error: ShowMediaError }> {
  const answer = await socket.emitWithAck('show:ice-config', { showId });
  return answer.ok ? { ok: true, ice: answer.ice } : answer;
}

/** A peer connection to the SFU whose candidates are trickled through the API. */
export function showPeer(socket: AuraSocket, showId: string, ice: IceConfig): RTCPeerConnection {
  const pc = new RTCPeerConnection({ iceServers: ice.iceServers, iceTransportPolicy: ice.iceTransportPolicy });
  pc.onicecandidate = (event) => {
    socket.emit('show:ice', { showId, candidate: event.candidate ? event.candidate.toJSON() : null });
  };
  return pc;
}
