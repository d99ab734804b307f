// The deploy marker (docs/ops.md, "Rollouts"): one Datadog event per rollout, tagged with the
// service, env and the version the build's RUM events and log lines carry, so that the releases
// dashboard draws a line where a version began and a monitor's graph shows which deploy preceded it.
import type { v1 } from '@datadog/datadog-api-client';
import { isTagValue, TAG_VALUE_RULE } from '../../src/monitoring/tagValue';
import { SERVICE } from './facets';

/** The tag every rollout event carries; the releases dashboard overlays the events that have it. */
export const ROLLOUT_TAG = 'microsites-rollout';

export interface Rollout {
  env: string;
  /** The build's version (its commit, NEXT_PUBLIC_COMMIT_SHA). */
  version: string;
  /** The images' tag (deploy/images.ts, `b-<build id>`). */
  tag: string;
  /** The version it replaces, if known. */
  previous?: string;
}

export function rolloutEvent({ env, version, tag, previous }: Rollout): v1.EventCreateRequest {
  for (const [name, value] of Object.entries({ env, version, tag, ...(previous !== undefined && { previous }) })) {
    if (!isTagValue(value)) throw new Error(`--${name}: ${TAG_VALUE_RULE}, not ${JSON.stringify(value)}`);
  }
  return {
    title: `Microsites: ${version} rolled out to ${env}`,
    text: `Images ${tag} (version ${version}) replace ${previous ? `version ${previous}` : 'the running ones'}. Compare them on the dashboard "Microsites: releases".`,
    tags: [ROLLOUT_TAG, `service:${SERVICE}`, `env:${env}`, `version:${version}`, `image_tag:${tag}`],
    alertType: 'info',
    sourceTypeName: 'kubernetes',
    aggregationKey: `${ROLLOUT_TAG}-${env}`,
  };
}
