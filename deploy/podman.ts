// A container of deploy/containers.ts as `podman run` arguments (docs/deploy.md, "One topology"):
// the same image, command, environment, user, memory limit and restrictions Kubernetes gets, on the
// host's network, with what differs on one machine (addresses, ports, host folders for volumes)
// given by deploy/local.ts.
import { writeFileSync } from 'node:fs';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { SCRATCH, type ScratchName } from './containers';
import { CONTAINER_PROCESSES } from './images';

export interface LocalRun {
  name: string;
  /** The image, a tag of this build (deploy/images.ts), in place of the manifests' name. */
  image: string;
  /** The pod's runAsUser. */
  user: number;
  /** Labels that let deploy/local.ts find its containers again. */
  labels: Record<string, string>;
  /** The host folder of each volume the container mounts, by volume name. */
  volumes?: Record<string, string>;
  /** Values for the secrets its environment refers to, by key. */
  secrets?: Record<string, string>;
  /** Variables set or replaced on one machine (addresses, ports, what a test adds). */
  env?: Record<string, string>;
  /** In place of the container's own command and arguments, where they name ports and addresses. */
  command?: string[];
  args?: string[];
  /** Where podman writes its output (its k8s-file log, one line each, rotated at 64 MB). */
  log: string;
  /** The environment, written here readable by its owner only: no secret on a command line. */
  envFile: string;
  /** Seconds between the stop signal and SIGKILL: the pod's terminationGracePeriodSeconds. */
  graceSeconds: number;
  /** The signal a stop sends (nginx finishes its requests on SIGQUIT, as its preStop asks). */
  stopSignal?: string;
  /** Its open-file limit, where podman's default (containers.conf) is too low: nginx's connections. */
  openFiles?: number;
  /** Runs to its end and is removed (an init container), instead of running on, started again when it exits. */
  once?: boolean;
}

/**
 * `$(NAME)` replaced by the value of a variable listed before it, as Kubernetes does (`$$` keeps a
 * `$`; a name not yet listed stays as it is).
 */
export const expandVariables = (value: string, env: Record<string, string>): string =>
  value.replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (match, name: string | undefined) =>
    name === undefined ? '$' : (env[name] ?? match),
  );

/**
 * A container's environment with its secret references resolved and its `$(NAME)`s expanded,
 * then the machine's own values. A field reference (the pod's namespace) has no pod here: the
 * machine gives its value, or it is left out.
 */
export function containerEnv(
  container: IContainer,
  secrets: Record<string, string> = {},
  overrides: Record<string, string> = {},
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const variable of container.env ?? []) {
    const key = variable.valueFrom?.secretKeyRef?.key;
    if (key !== undefined) {
      const value = secrets[key];
      if (value === undefined) throw new Error(`${container.name}: no value for the secret ${key} (${variable.name})`);
      env[variable.name] = value;
    } else if (variable.valueFrom?.fieldRef === undefined)
      env[variable.name] = expandVariables(variable.value ?? '', env);
  }
  return { ...env, ...overrides };
}

/** "768Mi" as podman writes it ("768m"). */
export function podmanMemory(quantity: string): string {
  const match = /^(\d+)(Mi|Gi)$/.exec(quantity);
  if (!match) throw new Error(`a memory limit in Mi or Gi, not ${quantity}`);
  return `${match[1]}${match[2] === 'Gi' ? 'g' : 'm'}`;
}

export function podmanRunArgs(container: IContainer, run: LocalRun): string[] {
  const env = containerEnv(container, run.secrets, run.env);
  for (const [name, value] of Object.entries(env))
    if (/[\n\r]/.test(value))
      throw new Error(`${container.name}: ${name} holds a line break, which an env file cannot`);
  writeFileSync(
    run.envFile,
    Object.entries(env)
      .map(([name, value]) => `${name}=${value}\n`)
      .join(''),
    { mode: 0o600 },
  );
  const mounts = (container.volumeMounts ?? []).flatMap((mount) => {
    const host = run.volumes?.[mount.name];
    // A pod's emptyDir for what the container writes besides its volumes: memory here, as large.
    const scratch = SCRATCH[mount.name as ScratchName];
    if (host === undefined && scratch)
      return ['--tmpfs', `${mount.mountPath}:rw,size=${podmanMemory(scratch.sizeLimit)},mode=1777`];
    if (host === undefined) throw new Error(`${container.name}: no host folder for the volume ${mount.name}`);
    return ['--volume', `${host}:${mount.mountPath}${mount.readOnly ? ':ro' : ''}`];
  });
  const memory = container.resources?.limits?.memory;
  const restricted = container.securityContext;
  return [
    'run',
    ...(run.once ? ['--rm'] : ['--detach', '--restart', 'always']),
    '--name',
    run.name,
    ...Object.entries(run.labels).flatMap(([name, value]) => ['--label', `${name}=${value}`]),
    // The instances listen on loopback, the proxy on the machine's ports, each where deploy/local.ts says.
    '--network',
    'host',
    '--user',
    `${run.user}:${run.user}`,
    '--env-file',
    run.envFile,
    ...(memory === undefined ? [] : ['--memory', podmanMemory(String(memory))]),
    ...(restricted?.capabilities?.drop?.includes('ALL') ? ['--cap-drop', 'all'] : []),
    ...(restricted?.allowPrivilegeEscalation === false ? ['--security-opt', 'no-new-privileges'] : []),
    // Nothing written outside the container's volumes, as in the pod (no tmpfs of podman's own either).
    ...(restricted?.readOnlyRootFilesystem ? ['--read-only', '--read-only-tmpfs=false'] : []),
    // A --ulimit replaces every default limit, so the process limit is given again (deploy/images.ts).
    ...(run.openFiles
      ? [
          '--ulimit',
          `nofile=${run.openFiles}:${run.openFiles}`,
          '--ulimit',
          `nproc=${CONTAINER_PROCESSES}:${CONTAINER_PROCESSES}`,
        ]
      : []),
    '--stop-timeout',
    String(run.graceSeconds),
    ...(run.stopSignal ? ['--stop-signal', run.stopSignal] : []),
    '--log-driver',
    'k8s-file',
    '--log-opt',
    `path=${run.log}`,
    '--log-opt',
    'max-size=64mb',
    ...mounts,
    ...((run.command ?? container.command) ? ['--entrypoint', JSON.stringify(run.command ?? container.command)] : []),
    run.image,
    ...(run.args ?? container.args ?? []),
  ];
}
