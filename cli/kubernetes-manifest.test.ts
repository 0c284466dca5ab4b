/**
 * deploy/kubernetes/bulk-job.yaml checked for the fields that matter (kubeconform and kubectl are
 * not on the build machine): an Indexed Job whose pods run `inode-console bulk` on their shard,
 * with the key from a Secret and nowhere in the manifest or the command line, and a resume on
 * retry.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ROOT } from './test-support.ts';

interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  env?: Array<{
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { name: string; key: string } };
  }>;
  resources?: { limits?: { memory?: string } };
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean };
  volumeMounts?: Array<{ name: string; mountPath: string }>;
}

interface JobManifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec: {
    completionMode: string;
    completions: number;
    parallelism: number;
    backoffLimitPerIndex?: number;
    template: {
      spec: {
        restartPolicy: string;
        containers: Container[];
        volumes?: Array<{ name: string }>;
      };
    };
  };
}

const text = readFileSync(join(ROOT, 'deploy/kubernetes/bulk-job.yaml'), 'utf8');
const documents = parseAllDocuments(text);

function job(): JobManifest {
  return documents[0]?.toJS() as JobManifest;
}

describe('deploy/kubernetes/bulk-job.yaml', () => {
  it('is one YAML document without errors', () => {
    expect(documents).toHaveLength(1);
    expect(documents[0]?.errors).toEqual([]);
  });

  it('is an Indexed Job with one pod per shard', () => {
    const manifest = job();
    expect(manifest).toMatchObject({ apiVersion: 'batch/v1', kind: 'Job' });
    expect(manifest.metadata.name).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
    expect(manifest.spec.completionMode).toBe('Indexed');
    expect(Number.isInteger(manifest.spec.completions)).toBe(true);
    expect(manifest.spec.parallelism).toBeLessThanOrEqual(manifest.spec.completions);
    expect(['Never', 'OnFailure']).toContain(manifest.spec.template.spec.restartPolicy);
    // backoffLimitPerIndex needs restartPolicy Never.
    if (manifest.spec.backoffLimitPerIndex !== undefined)
      expect(manifest.spec.template.spec.restartPolicy).toBe('Never');
  });

  it('tells the CLI the shard count the Job has, and runs bulk with the shard index from Kubernetes', () => {
    const manifest = job();
    const container = manifest.spec.template.spec.containers[0];
    expect(container).toBeDefined();
    const count = container?.env?.find((e) => e.name === 'INODE_SHARD_COUNT')?.value;
    expect(Number(count)).toBe(manifest.spec.completions);
    const script = [...(container?.command ?? []), ...(container?.args ?? [])].join(' ');
    expect(script).toContain('inode-console bulk');
    expect(script).toContain('JOB_COMPLETION_INDEX');
    expect(script).toContain('--resume');
    expect(script).not.toMatch(/--shard\s/);
  });

  it('takes the key from a Secret, never from the manifest or the command line', () => {
    const container = job().spec.template.spec.containers[0];
    const keyVar = container?.env?.find((e) => e.name === 'INODE_KEY');
    expect(keyVar?.valueFrom?.secretKeyRef).toMatchObject({
      name: expect.any(String),
      key: expect.any(String),
    });
    expect(keyVar?.value).toBeUndefined();
    const script = [...(container?.command ?? []), ...(container?.args ?? [])].join(' ');
    expect(script).toContain('--OpenIDKey-env INODE_KEY');
    expect(script).not.toMatch(/--OpenIDKey(?!-env|-stdin)/);
    expect(text).not.toMatch(/demo-[a-z]+-key/);
  });

  it('mounts the data volume it declares, caps memory, and runs unprivileged', () => {
    const spec = job().spec.template.spec;
    const container = spec.containers[0];
    const mounts = container?.volumeMounts ?? [];
    expect(mounts.length).toBeGreaterThan(0);
    for (const mount of mounts) expect(spec.volumes?.map((v) => v.name)).toContain(mount.name);
    expect(container?.resources?.limits?.memory).toMatch(/^\d+(Mi|Gi)$/);
    expect(container?.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
    });
  });
});
