// The kustomize subset that renders infra/k8s (helpers/kustomize.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderKustomization } from './helpers/kustomize.js';

describe('the kustomize renderer', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'oneeta-k8s-'));
  const write = (file: string, text: string) => writeFileSync(path.join(dir, file), text);
  write(
    'cm.yaml',
    'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: a }\ndata: { X: "1" }\n---\n',
  );

  it('applies patches and refuses a patch that matches nothing or a field it does not implement', () => {
    write(
      'kustomization.yaml',
      'resources: [cm.yaml]\npatches:\n  - target: { kind: ConfigMap, name: a }\n    patch: "[{ op: replace, path: /data/X, value: \'2\' }]"\n',
    );
    expect(renderKustomization(dir)).toEqual([
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { X: '2' } },
    ]);
    write(
      'kustomization.yaml',
      'resources: [cm.yaml]\npatches:\n  - target: { kind: ConfigMap, name: b }\n    patch: "[]"\n',
    );
    expect(() => renderKustomization(dir)).toThrow(/matches nothing/);
    write('kustomization.yaml', 'resources: [cm.yaml]\ncommonLabels: { a: b }\n');
    expect(() => renderKustomization(dir)).toThrow(/unsupported field\(s\) commonLabels/);
  });
});
