// Every Airwave container runs as deploy/k8s runs it: uid 1000, a read-only root filesystem with a
// private /tmp, no capabilities and no privilege escalation. A test that passes here passes there.
import type { GenericContainer } from 'testcontainers';

/** GenericContainer keeps its Docker HostConfig protected; read-only root has no builder method. */
type WithHostConfig = GenericContainer & { hostConfig: { ReadonlyRootfs?: boolean } };

export function harden<C extends GenericContainer>(container: C): C {
  container
    .withUser('1000:1000')
    .withTmpFs({ '/tmp': 'rw,size=64m,uid=1000,gid=1000,mode=0700' })
    .withDroppedCapabilities('ALL')
    .withSecurityOpt('no-new-privileges:true');
  (container as unknown as WithHostConfig).hostConfig.ReadonlyRootfs = true;
  return container;
}
