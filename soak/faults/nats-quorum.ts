import type { JetStreamManager } from 'nats';
import { NATS_SERVERS, type ClusterControl } from '../cluster/cluster-control';

/**
 * The NATS cluster has its quorum back: every server answers `/healthz` (which, with JetStream,
 * waits until the server's streams and consumers are current), and the events stream has a
 * leader with both other replicas current. Only then may the next NATS fault come.
 */
export async function natsQuorumBack(cluster: ClusterControl, jsm: JetStreamManager): Promise<boolean> {
  for (const server of NATS_SERVERS) {
    try {
      const response = await fetch(`${cluster.monitorUrl(server)}/healthz`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (!response.ok) return false;
    } catch {
      return false;
    }
  }
  try {
    const info = await jsm.streams.info(cluster.streamName);
    const replicas = info.cluster?.replicas ?? [];
    return Boolean(info.cluster?.leader) && replicas.length === 2 && replicas.every((replica) => replica.current && !replica.offline);
  } catch {
    return false;
  }
}

/** The server that leads the events stream now, if one does (a NATS fault sometimes picks it). */
export async function streamLeader(cluster: ClusterControl, jsm: JetStreamManager): Promise<string | null> {
  try {
    const info = await jsm.streams.info(cluster.streamName);
    const leader = info.cluster?.leader ?? '';
    // Server names are eh-n<i> (cluster.sh), processes nats-<i>.
    const match = /eh-n(\d)$/.exec(leader);
    return match ? `nats-${match[1]}` : null;
  } catch {
    return null;
  }
}
