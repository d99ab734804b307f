// The Kubernetes manifests of this run's build, as `npm run k8s:render` writes them for an
// operator (deploy/k8s/manifests.mts), for the tests that run their containers here.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface RenderedContainer {
  name: string;
  image: string;
  ports: Array<{ containerPort: number }>;
  args?: string[];
  command?: string[];
  env: Array<{ name: string; value?: string }>;
}
export interface RenderedManifests {
  items: Array<{
    kind: string;
    metadata: { name: string };
    spec: {
      template: {
        spec: {
          securityContext: { runAsUser: number };
          initContainers: RenderedContainer[];
          containers: RenderedContainer[];
        };
      };
    };
  }>;
}

export function renderedManifests(): RenderedManifests {
  const dir = mkdtempSync(join(tmpdir(), 'k8s-render-'));
  try {
    execFileSync('npx', ['tsx', 'deploy/k8s/manifests.mts', '--out', join(dir, 'microsites.json')], {
      stdio: 'ignore',
    });
    return JSON.parse(readFileSync(join(dir, 'microsites.json'), 'utf8')) as RenderedManifests;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The pod spec of the workload `kind` `name`. */
export const podOf = (manifests: RenderedManifests, kind: string, name: string) =>
  manifests.items.find((item) => item.kind === kind && item.metadata.name === name)!.spec.template.spec;
