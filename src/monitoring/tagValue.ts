// A Datadog tag value the site writes as it is into nginx.conf, JSON log lines, pod labels and
// events (the build's env and version, an image tag): a plain token, so that no value can break
// what it is written into. One rule for deploy/proxyConf.ts, deploy/k8s/manifests.mts and
// ops/datadog/rollout.ts.
const TAG_VALUE = /^[\w.-]{1,100}$/;
export const TAG_VALUE_RULE = 'letters, digits, ".", "_" or "-"';
export const isTagValue = (value: string): boolean => TAG_VALUE.test(value);
